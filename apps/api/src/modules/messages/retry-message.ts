import { MESSAGE_RETRY_QUEUED, type TRetryMessageResponse } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema/index.js';
import { conflict, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toAdminMessage } from './admin-message-json.js';
import { isUuid } from '../../shared/ids.js';

const MESSAGE_NOT_FOUND = 'Message not found';

/** An admin sends a failed message again: back to pending with fresh attempts, due now. */
export async function retryMessage(
  services: Pick<Services, 'db' | 'clock' | 'outbox'>,
  actor: Actor,
  { id }: { id: string },
): Promise<TRetryMessageResponse> {
  assertAudience(actor, 'admin');
  if (!isUuid(id)) throw notFound(MESSAGE_NOT_FOUND);
  const now = services.clock.now();
  const row = await services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(outboxMessages)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'failed')))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ status: outboxMessages.status }).from(outboxMessages).where(eq(outboxMessages.id, id));
      throw exists ? conflict('Only a failed message can be retried') : notFound(MESSAGE_NOT_FOUND);
    }
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'message.retry',
        targetType: 'message',
        targetId: id,
        ip: actor.ip,
        details: { channel: updated.channel },
      },
      now,
    );
    return updated;
  });
  services.outbox.kick();
  return { success: true, message: MESSAGE_RETRY_QUEUED, data: toAdminMessage(row) };
}
