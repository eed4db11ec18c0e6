import { describe, expect, it } from 'vitest';
import { payForFailedAttempt, payForJob, payForReturn } from './pay-formula.js';

const rule = {
  perStopCents: 400,
  perMileCents: 55,
  commissionPercent: 20,
  commissionOn: ['base'],
  perFailedAttemptCents: 600,
  perReturnCents: 500,
};
const lines = [
  { code: 'base' as const, description: 'Base', amountCents: 4800 },
  { code: 'fuel' as const, description: 'Fuel', amountCents: 480 },
  { code: 'stat' as const, description: 'STAT', amountCents: 2000 },
];

describe('the pay formula', () => {
  it('pays two stops, the billable miles and the commission, and says so in words', () => {
    // 800 + 12.4 x 55 = 682 + 20% of 4800 = 960
    expect(payForJob(rule, { milesTenths: 124, lines })).toEqual({
      amountCents: 800 + 682 + 960,
      explanation: '2 stops x $4.00 + 12.4 mi x $0.55 + 20% of base $48.00',
    });
  });

  it('takes the commission on every listed line and none other, rounding half up to the cent', () => {
    const pay = payForJob(
      { ...rule, perStopCents: 0, perMileCents: 0, commissionPercent: 12.5, commissionOn: ['base', 'fuel'] },
      { milesTenths: 0, lines },
    );
    expect(pay).toEqual({ amountCents: 660, explanation: '12.5% of (base $48.00 + fuel $4.80)' });
  });

  it('leaves out what the rule does not pay, and a job without a stored price earns no commission', () => {
    expect(payForJob({ ...rule, perStopCents: 0, perMileCents: 0 }, { milesTenths: 50, lines: [] })).toEqual({
      amountCents: 0,
      explanation: '20% of base $0.00',
    });
    expect(payForJob({ ...rule, perMileCents: 0, commissionPercent: 0 }, { milesTenths: 50, lines })).toEqual({
      amountCents: 800,
      explanation: '2 stops x $4.00',
    });
  });

  it('pays failed attempts and returns flat', () => {
    expect(payForFailedAttempt(rule, 2)).toEqual({ amountCents: 600, explanation: 'Failed attempt 2: $6.00 flat' });
    expect(payForReturn(rule)).toEqual({ amountCents: 500, explanation: 'Return to sender: $5.00 flat' });
  });
});
