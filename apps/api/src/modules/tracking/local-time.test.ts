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

describe('local times against Intl', () => {
  const intl = (at: Date, timeZone: string) => {
    const date = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(at);
    const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
      .format(at)
      .replace(/\u202f/g, ' ');
    return `${date}, ${time}`;
  };

  it('reads the same as Intl in named zones, across daylight saving changes and half-hour offsets', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];
    const far = new Date('2030-01-01T00:00:00Z'); // never the same day, so the date is always written
    // US, EU and southern-hemisphere changes of 2026 (Lord Howe moves by half an hour, Chatham sits at :45).
    const days = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01'];
    for (const timeZone of zones) {
      for (const day of days) {
        const from = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
        for (let t = from; t < from + 2 * 86_400_000; t += 11 * 60_000) {
          expect(formatLocalTime(new Date(t), far, { timeZone })).toBe(intl(new Date(t), timeZone));
        }
      }
    }
  });

  it('writes midnight and noon as 12', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    expect(formatLocalTime(new Date('2026-03-02T00:05:00Z'), now, { offsetMinutes: 0 })).toBe('12:05 AM');
    expect(formatLocalTime(new Date('2026-03-02T12:30:00Z'), now, { offsetMinutes: 0 })).toBe('12:30 PM');
  });
});
