import { RECEIVABLES_BUCKETS } from '@courier/contract';
import { toCsv } from '../../platform/csv.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { decimalCents } from './decimal-cents.js';
import { RECEIVABLES_CSV_HEADER, readReceivables } from './read-receivables.js';

/** Aged receivables as CSV: one row per account and a total row. */
export async function exportReceivables(services: Services, actor: Actor, input: { asOf?: string }) {
  const report = await readReceivables(services, actor, input);
  const rows = [
    ...report.accounts.map((a) => [a.accountName, ...RECEIVABLES_BUCKETS.map((b) => decimalCents(a[b])), decimalCents(a.total)]),
    ['Total', ...RECEIVABLES_BUCKETS.map((b) => decimalCents(report.totals[b])), decimalCents(report.totals.total)],
  ];
  return { csv: toCsv(RECEIVABLES_CSV_HEADER, rows), fileName: `receivables-${report.asOf}.csv` };
}
