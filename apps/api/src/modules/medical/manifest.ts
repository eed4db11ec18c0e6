import {
  DRIVER_OPEN_STATUSES,
  type TManifest,
  type TManifestPiece,
  type TPieceKind,
  type TPieceStatus,
  type TSpecimenCategory,
  type TTemperatureClass,
} from '@courier/contract';
import { and, asc, type Column, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerAccounts, deliveries, deliveryPieces } from '../../db/schema/index.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

/** An address as manifests compare it: case- and space-blind. */
const addressKey = (address: SQL | Column | string) => sql<string>`lower(regexp_replace(trim(${address}), '\\s+', ' ', 'g'))`;
/** The business day of an instant. */
const businessDay = (at: SQL | Column, timeZone: string) => sql`(${at} at time zone ${timeZone})::date`;
const columns = { d: deliveries, clinic: customerAccounts.name, addressKey: addressKey(deliveries.deliveryAddress) };
const selectManifestRows = (db: DbOrTx) =>
  db.select(columns).from(deliveries).leftJoin(customerAccounts, eq(customerAccounts.id, deliveries.accountId));

/**
 * The manifest a delivered parcel belongs to: every delivery the same driver dropped at the same address (compared
 * case- and space-blind) on the same business day. A delivery nobody drove is a manifest of one.
 */
export async function manifestDeliveries(db: DbOrTx, anchor: DeliveryRow, timeZone: string) {
  const base = selectManifestRows(db);
  if (!anchor.driverId || !anchor.deliveredAt) return base.where(eq(deliveries.id, anchor.id));
  return base
    .where(
      and(
        eq(deliveries.driverId, anchor.driverId),
        eq(deliveries.status, 'delivered'),
        sql`${addressKey(deliveries.deliveryAddress)} = ${addressKey(anchor.deliveryAddress)}`,
        sql`${businessDay(deliveries.deliveredAt, timeZone)} = ${businessDay(sql`${anchor.deliveredAt.toISOString()}::timestamptz`, timeZone)}`,
      ),
    )
    .orderBy(asc(deliveries.deliveredAt), asc(deliveries.orderId));
}

/**
 * A driver's deliveries of one business day, each with the key of its manifest (the address as compared above):
 * those dropped that day, and the open jobs to drop that day (on the planned arrival's day, else today).
 */
export async function driverDayDeliveries(db: DbOrTx, driverId: string, day: string, timeZone: string, now: Date) {
  const toDrop = sql`coalesce(${deliveries.plannedArrival}, ${now.toISOString()}::timestamptz)`;
  return selectManifestRows(db)
    .where(
      and(
        eq(deliveries.driverId, driverId),
        or(
          and(eq(deliveries.status, 'delivered'), sql`${businessDay(deliveries.deliveredAt, timeZone)} = ${day}::date`),
          and(inArray(deliveries.status, [...DRIVER_OPEN_STATUSES]), sql`${businessDay(toDrop, timeZone)} = ${day}::date`),
        ),
      ),
    )
    .orderBy(sql`coalesce(${deliveries.deliveredAt}, ${toDrop})`, asc(deliveries.orderId));
}
export type ManifestDelivery = Awaited<ReturnType<typeof manifestDeliveries>>[number];

export async function piecesOf(db: DbOrTx, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(deliveryPieces)
    .where(inArray(deliveryPieces.deliveryId, deliveryIds))
    .orderBy(asc(deliveryPieces.deliveryId), asc(deliveryPieces.seq));
}

/** The lab's view: each expected piece by clinic, accession and handling; no names, no addresses. */
export function toManifestJson(members: ManifestDelivery[], pieces: (typeof deliveryPieces.$inferSelect)[]): TManifest {
  const list: TManifestPiece[] = [];
  // In the manifest's order (drop time, then tracking number), each delivery's pieces by sequence.
  for (const m of members)
    for (const p of pieces.filter((x) => x.deliveryId === m.d.id))
      list.push({
        barcode: p.barcode,
        seq: p.seq,
        kind: p.kind as TPieceKind,
        description: p.description,
        accession: p.accession,
        orderId: m.d.orderId,
        clinic: m.clinic ?? '',
        temperature: m.d.temperature as TTemperatureClass,
        specimenCategory: (m.d.specimenCategory as TSpecimenCategory | null) ?? null,
        status: p.status as TPieceStatus,
        receivedAt: p.receivedAt?.toISOString() ?? null,
      });
  return {
    deliveries: members.map((m) => ({
      orderId: m.d.orderId,
      clinic: m.clinic ?? '',
      pieceCount: pieces.filter((p) => p.deliveryId === m.d.id).length,
      reconciled: m.d.receiptStatus !== null,
    })),
    pieces: list,
    reconciled: members.every((m) => m.d.receiptStatus !== null),
  };
}
