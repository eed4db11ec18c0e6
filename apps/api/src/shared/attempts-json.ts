import type { TAttemptReason, TDeliveryAttempt, TReturnProof } from '@courier/contract';
import { sql } from 'drizzle-orm';
import { deliveries, type deliveryReturns } from '../db/schema/index.js';
import { signedFileUrl } from './file-links.js';
import type { JsonContext } from './answer-types.js';

export type ReturnRow = typeof deliveryReturns.$inferSelect;

/** One failed attempt as the attempts column reads it (timestamps as the database writes them in JSON). */
export interface AttemptRow {
  n: number;
  at: string;
  reason: TAttemptReason;
  note: string;
  photoFileId: string | null;
  driverId: string | null;
  driverName: string | null;
  decision: 'reattempt' | 'return' | null;
  decidedAt: string | null;
  windowFrom: string | null;
  windowTo: string | null;
}

/**
 * A delivery's failed attempts, oldest first, as one column of the query that reads the delivery: every
 * delivery answer carries them without a second round trip (a page of ten costs ten index lookups).
 */
export const attemptsColumn = sql<AttemptRow[]>`(
  select coalesce(jsonb_agg(jsonb_build_object(
    'n', a.n, 'at', a.attempted_at, 'reason', a.reason, 'note', a.note, 'photoFileId', a.photo_file_id,
    'driverId', a.driver_id, 'driverName', nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
    'decision', a.decision, 'decidedAt', a.decided_at, 'windowFrom', a.next_window_from, 'windowTo', a.next_window_to
  ) order by a.n), '[]'::jsonb)
  from delivery_attempts a left join users u on u.id = a.driver_id
  where a.delivery_id = ${deliveries.id}
)`.as('attempts');

const iso = (at: string | null) => (at ? new Date(at).toISOString() : null);

export function toAttemptJson(a: AttemptRow, ctx: JsonContext): TDeliveryAttempt {
  return {
    n: a.n,
    at: new Date(a.at).toISOString(),
    reason: a.reason,
    note: a.note,
    photo: a.photoFileId ? signedFileUrl(ctx.jwtKey, a.photoFileId, ctx.readerId, ctx.now) : null,
    driver: a.driverId ? { _id: a.driverId, name: a.driverName ?? '' } : null,
    decision: a.decision,
    decidedAt: iso(a.decidedAt),
    nextWindow: a.windowFrom && a.windowTo ? { from: iso(a.windowFrom) as string, to: iso(a.windowTo) as string } : null,
  };
}

export function toReturnProofJson(r: ReturnRow, ctx: JsonContext): TReturnProof {
  const link = (fileId: string | null) => (fileId ? signedFileUrl(ctx.jwtKey, fileId, ctx.readerId, ctx.now) : null);
  return {
    photo: link(r.photoFileId),
    signature: link(r.signatureFileId),
    receivedBy: r.receivedBy,
    timestamp: r.capturedAt.toISOString(),
    notes: r.notes,
  };
}

/** The attempt dispatch has yet to decide on: the last one, while the delivery waits in failed_attempt. */
export const openAttempt = (status: string, attempts: AttemptRow[]): AttemptRow | null => {
  const last = attempts.at(-1);
  return status === 'failed_attempt' && last && !last.decision ? last : null;
};
