import type { TDeliveryReportQuery } from '@courier/contract';
import { toCsv } from '../../platform/csv.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { readDeliveryReport } from './read-delivery-report.js';

const GROUP_TITLES = { day: 'Day booked', customer: 'Customer', driver: 'Driver' } as const;
const blank = (n: number | null) => (n === null ? '' : n);

/** The report as CSV: one line per group, then the totals. */
export async function exportDeliveryReport(services: Services, actor: Actor, query: TDeliveryReportQuery) {
  const report = await readDeliveryReport(services, actor, query);
  const line = (label: string, f: (typeof report)['totals']) => [
    label,
    f.booked,
    f.delivered,
    f.cancelled,
    f.onTime,
    f.onTimeRate === null ? '' : `${Math.round(f.onTimeRate * 1000) / 10}%`,
    blank(f.avgBookingToPickupMinutes),
    blank(f.avgPickupToDropoffMinutes),
    f.withDiscrepancy,
    f.discrepancyRate === null ? '' : `${Math.round(f.discrepancyRate * 1000) / 10}%`,
    f.overdueCases,
  ];
  const csv = toCsv(
    [
      GROUP_TITLES[report.groupBy],
      'Booked',
      'Delivered',
      'Cancelled',
      'On time',
      'On-time rate',
      'Average booking to pickup (minutes)',
      'Average pickup to drop-off (minutes)',
      'With a discrepancy',
      'Discrepancy rate',
      'Overdue cases',
    ],
    [...report.rows.map((r) => line(r.label, r)), line('Total', report.totals)],
  );
  return { csv, fileName: `deliveries-by-${report.groupBy}-${report.from}-to-${report.to}.csv` };
}
