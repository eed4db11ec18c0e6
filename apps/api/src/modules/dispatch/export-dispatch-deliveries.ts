import {
  deliveryTypeLabel,
  PRIORITY_LABELS,
  packageSizeShort,
  packageTypeLabel,
  SPECIMEN_CATEGORY_LABELS,
  statusLabel,
  TEMPERATURE_SHORT,
  type TAdminDeliveriesQuery,
  type TPriority,
  type TSpecimenCategory,
  type TTemperatureClass,
} from '@courier/contract';
import { count, eq } from 'drizzle-orm';
import { deliveries, proofsOfDelivery } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import { csvTime, toCsv } from '../../platform/csv.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import { auditRead } from '../../platform/audit.js';
import { EXPORT_MAX_ROWS } from '../../shared/paging.js';
import type { Services } from '../../services.js';
import { customers, drivers } from './dispatch.queries.js';
import { dispatchListOrder, dispatchListWhere } from './list-dispatch-deliveries.js';

const name = (p: { firstName: string | null; lastName: string | null } | null) => `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim();

/** The staff list's filter as CSV (every row it matches, in its order); the export is audited. */
export async function exportDispatchDeliveries(
  services: Services,
  actor: Actor,
  query: TAdminDeliveriesQuery,
): Promise<{ csv: string; fileName: string; rows: number }> {
  assertAudience(actor, 'staff');
  const { db, env } = services;
  const where = dispatchListWhere(query, services.clock.now());
  const [{ n }] = await db.select({ n: count() }).from(deliveries).where(where);
  if (Number(n) > EXPORT_MAX_ROWS) {
    throw badRequest(
      `The filter matches ${Number(n).toLocaleString('en-US')} deliveries; an export holds at most ${EXPORT_MAX_ROWS.toLocaleString('en-US')}. Narrow the dates or filters.`,
      'to',
    );
  }
  const rows = await db
    .select({
      d: deliveries,
      customer: { firstName: customers.firstName, lastName: customers.lastName, organisation: customers.organisation },
      driver: { firstName: drivers.firstName, lastName: drivers.lastName },
      signedBy: proofsOfDelivery.recipientName,
    })
    .from(deliveries)
    .leftJoin(customers, eq(customers.id, deliveries.customerId))
    .leftJoin(drivers, eq(drivers.id, deliveries.driverId))
    .leftJoin(proofsOfDelivery, eq(proofsOfDelivery.deliveryId, deliveries.id))
    .where(where)
    .orderBy(...dispatchListOrder(query.sort));
  const tz = env.BUSINESS_TZ;
  const csv = toCsv(
    [
      'Tracking number',
      'Status',
      'Service level',
      `Booked (${tz})`,
      `Required by (${tz})`,
      `Picked up (${tz})`,
      `Delivered (${tz})`,
      'Customer',
      'Organisation',
      'Recipient',
      'Recipient phone',
      'Pickup address',
      'Delivery address',
      'Driver',
      'Package',
      // The handling a courier is judged on; a price column joins once deliveries are priced (modules/billing).
      'Priority',
      'Temperature',
      'Specimen',
      `Specimen collected (${tz})`,
      'Controlled substance',
      'Signed for by',
      'Cancel reason',
    ],
    rows.map(({ d, customer, driver, signedBy }) => [
      d.orderId,
      statusLabel(d.status),
      deliveryTypeLabel(d.deliveryType),
      csvTime(d.createdAt, tz),
      csvTime(d.requiredBy, tz),
      csvTime(d.pickedUpAt, tz),
      csvTime(d.deliveredAt, tz),
      name(customer),
      customer?.organisation ?? '',
      d.recipientName,
      d.recipientPhone,
      d.pickupAddress,
      d.deliveryAddress,
      name(driver),
      `${packageTypeLabel(d.packageType)}, ${packageSizeShort(d.packageSize)}`,
      PRIORITY_LABELS[d.priority as TPriority] ?? d.priority,
      TEMPERATURE_SHORT[d.temperature as TTemperatureClass] ?? d.temperature,
      d.specimenCategory ? (SPECIMEN_CATEGORY_LABELS[d.specimenCategory as TSpecimenCategory] ?? d.specimenCategory) : '',
      csvTime(d.specimenCollectedAt, tz),
      d.controlledSubstance ? 'Yes' : 'No',
      signedBy ?? '',
      d.cancelReason ?? '',
    ]),
  );
  const { page: _page, limit: _limit, ...filter } = query;
  await auditRead(services, actor, 'delivery.export', {
    targetType: 'delivery',
    rows: rows.length,
    filter: JSON.parse(JSON.stringify(filter)),
  });
  const day = csvTime(services.clock.now(), tz).slice(0, 10);
  return { csv, fileName: `deliveries-${day}.csv`, rows: rows.length };
}
