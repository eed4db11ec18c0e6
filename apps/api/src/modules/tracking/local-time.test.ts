import { describe, expect, it } from 'vitest';
import { formatLocalTime, visitorZone } from './local-time.js';

describe('local times on the tracking page', () => {
  const now = new Date('2026-03-02T20:00:00Z'); // 3:00 PM in New York (EST, offset 300)

  it('reads the browser offset from the header, else falls back to the business time zone', () => {
    expect(visitorZone('300', 'America/New_York')).toEqual({ offsetMinutes: 300 });
    expect(visitorZone('-330', 'America/New_York')).toEqual({ offsetMinutes: -330 });
    expect(visitorZone(undefined, 'America/New_York')).toEqual({ timeZone: 'America/New_York' });
    expect(visitorZone('abc', 'America/New_York')).toEqual({ timeZone: 'America/New_York' });
    expect(visitorZone('5000', 'America/New_York')).toEqual({ timeZone: 'America/New_York' });
  });

  it('shows only the 12-hour time for a moment that is today in the visitor offset', () => {
    expect(formatLocalTime(new Date('2026-03-02T14:05:00Z'), now, { offsetMinutes: 300 })).toBe('9:05 AM');
  });

  it('adds the date when the moment is not today in the visitor offset', () => {
    expect(formatLocalTime(new Date('2026-03-01T22:30:00Z'), now, { offsetMinutes: 300 })).toBe('Mar 1, 2026, 5:30 PM');
    expect(formatLocalTime(new Date('2026-03-03T23:00:00Z'), now, { offsetMinutes: 300 })).toBe('Mar 3, 2026, 6:00 PM');
  });

  it('decides "today" in the visitor offset, not in UTC', () => {
    // 03:30 UTC on the 3rd is still the 2nd, 10:30 PM, in New York...
    const lateEvening = new Date('2026-03-03T03:30:00Z');
    const nowLate = new Date('2026-03-03T04:00:00Z');
    expect(formatLocalTime(lateEvening, nowLate, { offsetMinutes: 300 })).toBe('10:30 PM');
    // ...and already the 3rd in Berlin (offset -60), where "now" is the 3rd too.
    expect(formatLocalTime(lateEvening, nowLate, { offsetMinutes: -60 })).toBe('4:30 AM');
    expect(formatLocalTime(new Date('2026-03-02T22:00:00Z'), nowLate, { offsetMinutes: -60 })).toBe('Mar 2, 2026, 11:00 PM');
  });

  it('follows daylight saving time in a named time zone', () => {
    const summerNow = new Date('2026-07-01T16:00:00Z');
    expect(formatLocalTime(new Date('2026-07-01T13:00:00Z'), summerNow, { timeZone: 'America/New_York' })).toBe('9:00 AM');
  });
});
