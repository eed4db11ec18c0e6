import type { TAdminMessagesResponse } from '@courier/contract';
import { count, desc, eq } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import { auditRead } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { pageOf } from '../../shared/paging.js';
import { toAdminMessage } from './admin-message-json.js';

/** Messages the outbox gave up on, newest first, with their last error (ADMIN and above). */
export async function listFailedMessages(
  services: Pick<Services, 'db' | 'clock'>,
  actor: Actor,
  query: { page: number; limit: number },
): Promise<TAdminMessagesResponse> {
  assertAudience(actor, 'admin');
  const failed = eq(outboxMessages.status, 'failed');
  const [{ n }] = await services.db.select({ n: count() }).from(outboxMessages).where(failed);
  const { offset, ...paging } = pageOf(Number(n), query);
  const rows = await services.db
    .select()
    .from(outboxMessages)
    .where(failed)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(paging.limit)
    .offset(offset);
  await auditRead(services, actor, 'message.list', { page: paging.page, rows: rows.length });
  return { success: true, data: rows.map(toAdminMessage), paging };
}
