import type { TPriceLine } from '@courier/contract';
import { dollars, percentOf, timesTenths } from '../billing/money.js';

/** The parts of a pay rule version the arithmetic reads. */
export interface PayRuleTerms {
  perStopCents: number;
  perMileCents: number;
  commissionPercent: number;
  commissionOn: readonly string[];
  perFailedAttemptCents: number;
  perReturnCents: number;
}

export interface PayLine {
  amountCents: number;
  /** The arithmetic in words: "2 stops x $4.00 + 12.4 mi x $0.55 + 20% of base $48.00". */
  explanation: string;
}

/** A job is two stops: the pickup and the drop-off. */
export const STOPS_PER_JOB = 2;

const percentText = (p: number) => `${Number(p.toFixed(2))}%`;
const milesText = (tenths: number) => `${tenths / 10} mi`;

/**
 * A delivered job's pay: per stop, per billable mile, and a commission on the listed lines of its stored price
 * (each part left out when the rule pays nothing for it). Money is integer cents; every product rounds half up.
 */
export function payForJob(rule: PayRuleTerms, job: { milesTenths: number; lines: readonly TPriceLine[] }): PayLine {
  const parts: string[] = [];
  let amountCents = 0;
  if (rule.perStopCents > 0) {
    amountCents += STOPS_PER_JOB * rule.perStopCents;
    parts.push(`${STOPS_PER_JOB} stops x ${dollars(rule.perStopCents)}`);
  }
  if (rule.perMileCents > 0) {
    amountCents += timesTenths(rule.perMileCents, job.milesTenths / 10);
    parts.push(`${milesText(job.milesTenths)} x ${dollars(rule.perMileCents)}`);
  }
  if (rule.commissionPercent > 0 && rule.commissionOn.length > 0) {
    const used = rule.commissionOn.map((code) => ({
      code,
      cents: job.lines.filter((l) => l.code === code).reduce((sum, l) => sum + l.amountCents, 0),
    }));
    const baseCents = used.reduce((sum, u) => sum + u.cents, 0);
    amountCents += percentOf(baseCents, rule.commissionPercent);
    const named = used.map((u) => `${u.code.replaceAll('_', ' ')} ${dollars(u.cents)}`);
    parts.push(`${percentText(rule.commissionPercent)} of ${named.length === 1 ? named[0] : `(${named.join(' + ')})`}`);
  }
  return { amountCents, explanation: parts.length ? parts.join(' + ') : 'The pay rule pays nothing per job' };
}

/** A failed drop: the flat amount the rule pays for an attempt. */
export const payForFailedAttempt = (rule: PayRuleTerms, attempt: number): PayLine => ({
  amountCents: rule.perFailedAttemptCents,
  explanation: `Failed attempt ${attempt}: ${dollars(rule.perFailedAttemptCents)} flat`,
});

/** A parcel handed back to its sender: the flat amount the rule pays for a return. */
export const payForReturn = (rule: PayRuleTerms): PayLine => ({
  amountCents: rule.perReturnCents,
  explanation: `Return to sender: ${dollars(rule.perReturnCents)} flat`,
});
