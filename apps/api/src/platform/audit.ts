import { sql } from 'drizzle-orm';
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

/** Identical reads within this window are one row with a count: a screen load (a board's columns, a refresh) is one row. */
export const READ_FOLD_MS = 60_000;

/**
 * THE one call for auditing a staff read of personal data (a list, a search with its query, a custody call, a
 * file, an export), written with the call (pass the transaction as `db` when there is one). `what` is the
 * action, e.g. 'delivery.list', 'delivery.search', 'custody.read', 'file.read', 'optin.list'. Repeats by the
 * same actor of the same action on the same record (and search words) within a minute add to one row's
 * `count`, as API key refusals do (the dedupe key of migration 0016); an export is always its own row.
 */
export async function auditRead(
  services: { db: DbOrTx; clock: Pick<Clock, 'now'> },
  actor: { id: string; ip?: string },
  what: string,
  details: AuditedRead = {},
): Promise<void> {
  const { targetType, targetId, ...rest } = details;
  const kept = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
  const now = services.clock.now();
  if (what.endsWith('.export')) {
    await recordAudit(
      services.db,
      { actorId: actor.id, action: what, targetType, targetId, ip: actor.ip, details: Object.keys(kept).length ? kept : undefined },
      now,
    );
    return;
  }
  const window = new Date(Math.floor(now.getTime() / READ_FOLD_MS) * READ_FOLD_MS).toISOString();
  const query = typeof kept.query === 'string' ? kept.query : '';
  await services.db
    .insert(auditEvents)
    .values({
      actorId: actor.id,
      action: what,
      targetType,
      targetId,
      ip: actor.ip,
      details: { ...kept, count: 1 },
      dedupeKey: `read ${actor.id} ${what} ${targetType ?? ''} ${targetId ?? ''} ${window} ${query}`,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: auditEvents.dedupeKey,
      targetWhere: sql`${auditEvents.dedupeKey} IS NOT NULL`,
      set: { details: sql`jsonb_set(${auditEvents.details}, '{count}', to_jsonb((${auditEvents.details}->>'count')::int + 1))` },
    });
}
