import type { DbOrTx } from '../db/client.js';
import type { Clock } from './clock.js';
import { auditEvents } from '../db/schema/index.js';

export interface AuditEntry {
  actorId?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ip?: string;
  details?: Record<string, unknown>;
}

/** Audit rows are written in the same transaction as the change they record. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry, at: Date): Promise<void> {
  await recordAudits(tx, [{ entry, at }]);
}

/** Many audit rows in one insert (a bulk change), each with its own time. */
export async function recordAudits(tx: DbOrTx, rows: readonly { entry: AuditEntry; at: Date }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(auditEvents).values(rows.map(({ entry, at }) => ({ ...entry, actorId: entry.actorId ?? null, createdAt: at })));
}

/** What a staff read touched: the kind and id of the thing read (a delivery, a file), plus anything else worth keeping. */
export interface AuditedRead {
  targetType?: string;
  targetId?: string;
  [detail: string]: unknown;
}

/**
 * THE one call for auditing a staff read of personal data (a list, a search with its query, a custody call, a
 * file, an export): one row per call, written with the call (pass the transaction as `db` when there is one).
 * `what` is the action, e.g. 'delivery.list', 'delivery.search', 'custody.read', 'file.read', 'optin.list'.
 */
export async function auditRead(
  services: { db: DbOrTx; clock: Pick<Clock, 'now'> },
  actor: { id: string; ip?: string },
  what: string,
  details: AuditedRead = {},
): Promise<void> {
  const { targetType, targetId, ...rest } = details;
  const kept = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
  await recordAudit(
    services.db,
    { actorId: actor.id, action: what, targetType, targetId, ip: actor.ip, details: Object.keys(kept).length ? kept : undefined },
    services.clock.now(),
  );
}
