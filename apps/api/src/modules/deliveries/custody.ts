import { createHash } from 'node:crypto';
import type { TDeliveryStatus } from '@courier/contract';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveryEvents } from '../../db/schema/index.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

export const GENESIS_HASH = '0'.repeat(64);

export interface CustodyEventInput {
  deliveryId: string;
  status: TDeliveryStatus;
  locationLabel?: string | null;
  lat?: number | null;
  lng?: number | null;
  actorId?: string | null;
  actorRole?: string | null;
  note?: string | null;
  /** A handling event (not a status move): temperature, logger, checklist, id_check, hold, disposition, receipt, redaction. */
  kind?: CustodyKind | null;
  /** A redaction event's seals (see `sealsOf`). */
  seals?: string | null;
  at: Date;
}

export const CUSTODY_KINDS = [
  'temperature',
  'logger',
  'checklist',
  'id_check',
  'hold',
  'disposition',
  'receipt',
  'redaction',
  'piece',
] as const;
export type CustodyKind = (typeof CUSTODY_KINDS)[number];

type CustodyRow = typeof deliveryEvents.$inferSelect;

/** The hash covers every field of the event and the previous hash, so no row can change unnoticed. */
export function custodyHash(prevHash: string, e: Omit<CustodyRow, 'id' | 'hash' | 'prevHash'>): string {
  const canonical = JSON.stringify([
    e.deliveryId,
    e.seq,
    e.status,
    e.locationLabel ?? null,
    e.lat ?? null,
    e.lng ?? null,
    e.actorId ?? null,
    e.actorRole ?? null,
    e.note ?? null,
    new Date(e.createdAt).toISOString(),
    // Hashed only when set, so chains written before handling events (and redactions) existed still verify.
    ...(e.seals ? [e.kind ?? null, e.seals] : e.kind ? [e.kind] : []),
  ]);
  return createHash('sha256').update(prevHash).update(canonical).digest('hex');
}

/** The row of a custody event following `last` (none: the chain's first), its hash computed. */
export function custodyEventRow(input: CustodyEventInput, last?: { seq: number; hash: string }): typeof deliveryEvents.$inferInsert {
  const body = {
    deliveryId: input.deliveryId,
    seq: (last?.seq ?? 0) + 1,
    status: input.status,
    locationLabel: input.locationLabel ?? null,
    lat: input.lat ?? null,
    lng: input.lng ?? null,
    actorId: input.actorId ?? null,
    actorRole: input.actorRole ?? null,
    note: input.note ?? null,
    kind: input.kind ?? null,
    seals: input.seals ?? null,
    createdAt: input.at,
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  return { ...body, prevHash, hash: custodyHash(prevHash, body) };
}

/**
 * Appends one custody event inside the caller's transaction. The caller must hold the delivery row
 * (SELECT ... FOR UPDATE) so two appends cannot read the same previous event; the unique (delivery, seq)
 * index refuses a second one anyway.
 */
export async function appendCustodyEvent(tx: DbOrTx, input: CustodyEventInput): Promise<CustodyRow> {
  const [last] = await tx
    .select({ seq: deliveryEvents.seq, hash: deliveryEvents.hash })
    .from(deliveryEvents)
    .where(eq(deliveryEvents.deliveryId, input.deliveryId))
    .orderBy(desc(deliveryEvents.seq))
    .limit(1);
  const [row] = await tx.insert(deliveryEvents).values(custodyEventRow(input, last)).returning();
  return row;
}

/**
 * A handling event (not a status move) where the delivery stands now: its status and last known place, and who
 * recorded it (an account's id and role; no id for the receiving end's link).
 */
export function appendHandlingEvent(
  tx: DbOrTx,
  d: DeliveryRow,
  by: { id: string | null; role: string },
  kind: CustodyKind,
  note: string,
  at: Date,
): Promise<CustodyRow> {
  return appendCustodyEvent(tx, {
    deliveryId: d.id,
    status: d.status,
    locationLabel: d.currentLabel,
    lat: d.currentLat,
    lng: d.currentLng,
    actorId: by.id,
    actorRole: by.role,
    kind,
    note,
    at,
  });
}

/**
 * The seals of a redaction event: for each earlier event whose note it changed, that event's hash recomputed over
 * its new content. The event keeps its original hash (the next event links to it); the seal, hashed into the
 * redaction event, vouches for what the event holds now.
 */
export function sealsOf(e: Pick<CustodyRow, 'seals'>): [number, string][] {
  if (!e.seals) return [];
  try {
    const parsed: unknown = JSON.parse(e.seals);
    return Array.isArray(parsed)
      ? parsed.filter((p): p is [number, string] => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * Recomputes the chain; returns the seq of the first broken event, or null when it verifies. An event whose
 * personal details were removed verifies by a later redaction event's seal of it (which verifies in its turn).
 */
export function verifyCustodyChain(events: CustodyRow[]): { valid: boolean; brokenAtSeq: number | null } {
  let prev = GENESIS_HASH;
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const sealed = new Map<number, string>();
  for (const e of sorted) for (const [seq, hash] of sealsOf(e)) if (seq < e.seq) sealed.set(seq, hash);
  for (const [i, e] of sorted.entries()) {
    if (e.seq !== i + 1 || e.prevHash !== prev) return { valid: false, brokenAtSeq: e.seq };
    const recomputed = custodyHash(prev, e);
    if (recomputed !== e.hash && recomputed !== sealed.get(e.seq)) return { valid: false, brokenAtSeq: e.seq };
    prev = e.hash;
  }
  return { valid: true, brokenAtSeq: null };
}

export async function listCustodyEvents(db: DbOrTx, deliveryId: string): Promise<CustodyRow[]> {
  return db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, deliveryId)).orderBy(deliveryEvents.seq);
}
