import { type AuditEntry, recordAudit } from '../../platform/audit.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';

/**
 * A staff read of many people's data (an export, a report) is written to the audit log. One small call so it
 * can point at the shared audit-on-read helper when that lands.
 */
export async function auditStaffRead(services: Services, actor: Actor, entry: Omit<AuditEntry, 'actorId' | 'ip'>): Promise<void> {
  await recordAudit(services.db, { ...entry, actorId: actor.id, ip: actor.ip }, services.clock.now());
}
