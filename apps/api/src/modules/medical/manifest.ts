import type { TManifest, TManifestPiece, TPieceKind, TPieceStatus, TSpecimenCategory, TTemperatureClass } from '@courier/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerAccounts, deliveries, deliveryPieces } from '../../db/schema/index.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

const addressKey = sql<string>`lower(regexp_replace(trim(${deliveries.deliveryAddress}), '\\s+', ' ', 'g'))`;

/**
 * The manifest a delivered parcel belongs to: every delivery the same driver dropped at the same address (compared
 * case- and space-blind) on the same business day. A delivery nobody drove is a manifest of one.
 */
export async function manifestDeliveries(db: DbOrTx, anchor: DeliveryRow, timeZone: string) {
  const columns = { d: deliveries, clinic: customerAccounts.name };
  const base = db.select(columns).from(deliveries).leftJoin(customerAccounts, eq(customerAccounts.id, deliveries.accountId));
  if (!anchor.driverId || !anchor.deliveredAt) return base.where(eq(deliveries.id, anchor.id));
  const day = sql`(${deliveries.deliveredAt} at time zone ${timeZone})::date`;
  return base
    .where(
      and(
        eq(deliveries.driverId, anchor.driverId),
        eq(deliveries.status, 'delivered'),
        sql`${addressKey} = lower(regexp_replace(trim(${anchor.deliveryAddress}), '\\s+', ' ', 'g'))`,
        sql`${day} = (${anchor.deliveredAt.toISOString()}::timestamptz at time zone ${timeZone})::date`,
      ),
    )
    .orderBy(asc(deliveries.deliveredAt), asc(deliveries.orderId));
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
  const of = new Map(members.map((m) => [m.d.id, m]));
  const list: TManifestPiece[] = [];
  for (const p of pieces) {
    const m = of.get(p.deliveryId);
    if (!m) continue;
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
  }
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
