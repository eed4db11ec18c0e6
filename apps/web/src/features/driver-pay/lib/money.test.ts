import { describe, expect, it } from 'vitest';
import { formatCents, parseDollars, weekOf } from './money';

describe('driver pay money', () => {
  it('formats and reads amounts in cents', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(-1200)).toBe('-$12.00');
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars('-$4')).toBe(-400);
    expect(parseDollars('4.555')).toBeNull();
  });
  it('names the week from Monday to Sunday', () => {
    expect(weekOf(new Date(2026, 2, 4))).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(weekOf(new Date(2026, 2, 8))).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });
});
