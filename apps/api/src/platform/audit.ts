import type { DbOrTx } from '../db/client.js';
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
  await tx.insert(auditEvents).values({ ...entry, actorId: entry.actorId ?? null, createdAt: at });
}
