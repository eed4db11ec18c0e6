import type { TCustodyEvent, TCustodyPiece, TCustodyResponse, TCustodyVerdict } from '@courier/contract';
import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import { auditRead } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { listCustodyEvents, verifyCustodyChain } from '../deliveries/custody.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';
import { readPieces } from '../deliveries/piece-handover.js';

export interface CustodyRecord {
  delivery: DeliveryRow;
  events: TCustodyEvent[];
  verdict: TCustodyVerdict;
  /** Each piece with the events that scanned it (or named it left behind), in order. */
  pieces: TCustodyPiece[];
}

/**
 * The chain of custody with its verdict: every event re-hashed and linked to the one before; the first
 * that does not match is named. A chain whose last event is not the delivery's status lost its end.
 */
export async function readCustody(
  services: Services,
  actor: Actor,
  input: { idOrTrackingNumber: string },
  /** The audit action of this read: the custody call, or the PDF report built on it. */
  as: 'custody.read' | 'custody.report' = 'custody.read',
): Promise<CustodyRecord> {
  assertAudience(actor, 'staff');
  const delivery = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  const rows = await listCustodyEvents(services.db, delivery.id);
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => !!id))];
  const names = new Map(
    actorIds.length
      ? (
          await services.db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(inArray(users.id, actorIds))
        ).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()])
      : [],
  );
  const chain = verifyCustodyChain(rows);
  const broken = chain.brokenAtSeq === null ? undefined : rows.find((r) => r.seq === chain.brokenAtSeq);
  const last = rows.at(-1);
  let verdict: TCustodyVerdict;
  if (!chain.valid) {
    verdict = {
      valid: false,
      brokenAtSeq: chain.brokenAtSeq,
      brokenEventId: broken?.id ?? null,
      message: `The chain of custody does not verify: event ${chain.brokenAtSeq} was altered, or an event before it was removed.`,
    };
  } else if (!last || last.status !== delivery.status) {
    verdict = {
      valid: false,
      brokenAtSeq: (last?.seq ?? 0) + 1,
      brokenEventId: null,
      message: `The chain of custody does not verify: it ends at ${last?.status ?? 'nothing'} while the delivery is ${delivery.status}; its last event was removed.`,
    };
  } else {
    verdict = {
      valid: true,
      brokenAtSeq: null,
      brokenEventId: null,
      message: `The chain of custody verifies: ${rows.length} events, none altered.`,
    };
  }
  const events = rows.map((e) => ({
    _id: e.id,
    seq: e.seq,
    status: e.status,
    location: e.locationLabel,
    coords: e.lat !== null && e.lng !== null ? { lat: e.lat, lng: e.lng } : null,
    actor: e.actorId ? { _id: e.actorId, name: names.get(e.actorId) ?? '' } : null,
    actorRole: e.actorRole,
    note: e.note,
    timestamp: e.createdAt.toISOString(),
    hash: e.hash,
    prevHash: e.prevHash,
  }));
  // A piece's events name it by its barcode, in parentheses (see writePieceHandOver).
  const pieces = (await readPieces(services.db, delivery.id)).map((p) => ({
    seq: p.seq,
    barcode: p.barcode,
    kind: p.kind,
    accession: p.accession,
    status: p.status,
    path: rows
      .filter((e) => e.kind === 'piece' && e.note?.includes(`(${p.barcode})`))
      .map((e) => ({ seq: e.seq, note: e.note ?? '', timestamp: e.createdAt.toISOString() })),
  }));
  await auditRead(services, actor, as, { targetType: 'delivery', targetId: delivery.id, orderId: delivery.orderId });
  return { delivery, events, verdict, pieces };
}

export const custodyResponse = (r: CustodyRecord): TCustodyResponse => ({
  success: true,
  data: { deliveryId: r.delivery.id, orderId: r.delivery.orderId, events: r.events, verdict: r.verdict, pieces: r.pieces },
});
