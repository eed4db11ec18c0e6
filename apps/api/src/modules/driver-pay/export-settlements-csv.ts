import { PAY_READ_FORBIDDEN, ZPayPeriodQuery } from '@courier/contract';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { toCsv } from '../../platform/csv.js';
import { type Actor, mayReadDriverPay } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findSettlements } from './settlements.queries.js';

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * Payroll's spreadsheet: one row per driver for the period's settlements (those whose period lies within it),
 * summed. No bank details: those go in the NACHA file alone.
 */
export async function exportSettlementsCsv(services: Services, actor: Actor, input: { from: string; to: string }) {
  if (!mayReadDriverPay(actor)) throw forbidden(PAY_READ_FORBIDDEN);
  const { from, to } = ZPayPeriodQuery.parse(input);
  const rows = (await findSettlements(services.db, { from, to }, 100_000)).filter((s) => s.periodFrom >= from && s.periodTo <= to);
  const byDriver = new Map<string, { name: string; jobs: number; miles: number; gross: number; adjustments: number; net: number }>();
  for (const s of rows) {
    const d = byDriver.get(s.driverId) ?? { name: s.driverName, jobs: 0, miles: 0, gross: 0, adjustments: 0, net: 0 };
    d.jobs += s.jobs;
    d.miles += s.milesTenths;
    d.gross += s.grossCents;
    d.adjustments += s.adjustmentsCents;
    d.net += s.netCents;
    byDriver.set(s.driverId, d);
  }
  const lines = [...byDriver.entries()]
    .sort((a, b) => a[1].name.localeCompare(b[1].name))
    .map(([id, d]) => [
      d.name,
      id,
      `${from} to ${to}`,
      d.jobs,
      (d.miles / 10).toFixed(1),
      money(d.gross),
      money(d.adjustments),
      money(d.net),
    ]);
  const csv = toCsv(['Driver', 'Driver id', 'Period', 'Jobs', 'Miles', 'Gross', 'Adjustments', 'Net'], lines);
  await recordAudit(
    services.db,
    {
      actorId: actor.id,
      action: 'driver_pay.export_csv',
      targetType: 'settlement',
      ip: actor.ip,
      details: { from, to, drivers: lines.length },
    },
    services.clock.now(),
  );
  return { csv, fileName: `driver-pay-${from}-to-${to}.csv` };
}
