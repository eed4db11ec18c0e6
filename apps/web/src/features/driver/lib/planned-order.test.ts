import { describe, expect, it } from 'vitest';
import { plannedTime } from './planned-order';

describe('plannedTime', () => {
  it('reads a planned arrival as a clock time, and nothing without one', () => {
    expect(plannedTime(new Date(2026, 10, 26, 9, 42).toISOString())).toMatch(/09.42|9.42/);
    expect(plannedTime(null)).toBe('');
    expect(plannedTime('not a time')).toBe('');
  });
});
