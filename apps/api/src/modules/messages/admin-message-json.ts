import type { TAdminMessage } from '@courier/contract';
import type { outboxMessages } from '../../db/schema/index.js';

type MessageRow = typeof outboxMessages.$inferSelect;

/** What admins see of a message: never its body, which may carry links with tokens. */
export const toAdminMessage = (m: MessageRow): TAdminMessage => ({
  _id: m.id,
  channel: m.channel,
  recipient: m.recipient,
  subject: m.subject,
  status: m.status,
  attempts: m.attempts,
  lastError: m.lastError,
  createdAt: m.createdAt.toISOString(),
  nextAttemptAt: m.nextAttemptAt.toISOString(),
});
