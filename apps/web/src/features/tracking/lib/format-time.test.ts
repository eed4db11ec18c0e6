import { describe, expect, it } from 'vitest';
import { formatEventTime } from './format-time';

const NEW_YORK = 'America/New_York';
const now = new Date('2026-03-10T18:00:00Z'); // 2 PM in New York

describe('formatEventTime', () => {
  it('shows only the 12-hour time for a moment earlier today', () => {
    expect(formatEventTime('2026-03-10T13:05:00Z', now, NEW_YORK)).toBe('9:05 AM');
  });

  it('adds the en-US date for a moment on another day', () => {
    expect(formatEventTime('2026-03-08T03:30:00Z', now, NEW_YORK)).toBe('Mar 7, 2026, 10:30 PM');
  });

  it('decides "today" in the viewer\'s zone, not in UTC', () => {
    // 01:00 UTC on the 11th is still the 10th, 9 PM, in New York.
    expect(formatEventTime('2026-03-11T01:00:00Z', now, NEW_YORK)).toBe('9:00 PM');
  });

  it('reads each moment with the offset it had, across a daylight-saving change', () => {
    // March 1 is EST (UTC-5), March 10 EDT (UTC-4): one offset for both would be an hour off for one.
    expect(formatEventTime('2026-03-01T17:00:00Z', now, NEW_YORK)).toBe('Mar 1, 2026, 12:00 PM');
    expect(formatEventTime('2026-03-10T16:00:00Z', now, NEW_YORK)).toBe('12:00 PM');
  });

  it('gives null for a timestamp it cannot read', () => {
    expect(formatEventTime('not a date', now, NEW_YORK)).toBeNull();
  });
});
