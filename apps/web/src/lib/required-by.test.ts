import { describe, expect, it } from 'vitest';
import { requiredByCountdown } from './required-by';

const now = new Date('2026-03-03T15:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

describe('requiredByCountdown', () => {
  it('counts down the time left while there is plenty', () => {
    expect(requiredByCountdown(at(185), 'approved', now)).toEqual({ label: 'due in 3 h 05 min', urgency: 'ok' });
  });

  it('warns within two hours', () => {
    expect(requiredByCountdown(at(90), 'assigned', now)).toEqual({ label: 'due in 1 h 30 min', urgency: 'soon' });
  });

  it('calls a job due within the 30-minute window at risk, and late only once required-by has passed', () => {
    expect(requiredByCountdown(at(30), 'in_transit', now).urgency).toBe('at_risk');
    expect(requiredByCountdown(at(-1), 'in_transit', now).urgency).toBe('late');
    expect(requiredByCountdown(at(31), 'in_transit', now).urgency).toBe('soon');
  });

  it('says how late a job past required-by is', () => {
    expect(requiredByCountdown(at(-12), 'pending', now)).toEqual({ label: '12 min late', urgency: 'late' });
    expect(requiredByCountdown(at(-60 * 50), 'pending', now)).toEqual({ label: '2 days late', urgency: 'late' });
  });

  it('shows nothing for a delivered or cancelled job, or one without required-by', () => {
    expect(requiredByCountdown(at(-12), 'delivered', now).urgency).toBe('none');
    expect(requiredByCountdown(at(-12), 'cancelled', now).urgency).toBe('none');
    expect(requiredByCountdown(null, 'pending', now)).toEqual({ label: '', urgency: 'none' });
  });
});
