import { describe, expect, it } from 'vitest';
import { centsFromText, dollarsText, formatCents } from './money';

describe('money fields', () => {
  it('reads what people type as cents, never as a float', () => {
    expect(centsFromText('12')).toBe(1200);
    expect(centsFromText('12.5')).toBe(1250);
    expect(centsFromText(' $1,234.56 ')).toBe(123456);
    expect(centsFromText('0.07')).toBe(7);
    expect(centsFromText('19.99')).toBe(1999);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '12.345', '-5', '1,2', '12.']) expect(centsFromText(bad)).toBeNull();
  });

  it('shows cents as dollars', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(dollarsText(1250)).toBe('12.50');
    expect(dollarsText(null)).toBe('');
  });
});
