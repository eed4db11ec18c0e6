import { describe, expect, it } from 'vitest';
import { formatEstimate } from './format-date';
import { isOverdue } from './overdue';

describe('overdue', () => {
  const now = new Date('2026-11-24T15:00:00Z');
  it('is past its required-by time while still on its way', () => {
    expect(isOverdue({ status: 'in_transit', requiredBy: '2026-11-24T14:59:00Z' }, now)).toBe(true);
    expect(isOverdue({ status: 'pending', requiredBy: '2026-11-23T09:00:00Z' }, now)).toBe(true);
  });
  it('is never a delivered or cancelled one, one still in time, or one without a required-by', () => {
    expect(isOverdue({ status: 'delivered', requiredBy: '2026-11-23T09:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'cancelled', requiredBy: '2026-11-23T09:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'in_transit', requiredBy: '2026-11-24T15:01:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'in_transit', requiredBy: null }, now)).toBe(false);
  });
});

describe('estimate formatting', () => {
  it("carries the day: 'Tue, Nov 24, 3:55 PM' in the reader's zone", () => {
    expect(formatEstimate('2026-11-24T20:55:00Z', 'America/New_York')).toBe('Tue, Nov 24, 3:55 PM');
    expect(formatEstimate('2026-11-24T20:55:00Z', 'Europe/Berlin')).toBe('Tue, Nov 24, 9:55 PM');
    expect(formatEstimate('2026-11-25T04:30:00Z', 'America/Los_Angeles')).toBe('Tue, Nov 24, 8:30 PM');
  });
  it('is empty when missing or unreadable', () => {
    expect(formatEstimate(null)).toBe('');
    expect(formatEstimate('not a date')).toBe('');
  });
});
