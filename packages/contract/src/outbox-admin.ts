import { z } from 'zod';
import { ZPageQuery, ZPaging } from './paging.js';

/** Admins' view of outgoing messages the outbox gave up on (ADMIN and above). */
export const ZAdminMessagesQuery = ZPageQuery;
export const ZAdminMessage = z.object({
  _id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
});
export type TAdminMessage = z.infer<typeof ZAdminMessage>;
export const ZAdminMessagesResponse = z.object({ success: z.literal(true), data: z.array(ZAdminMessage), paging: ZPaging });
export type TAdminMessagesResponse = z.infer<typeof ZAdminMessagesResponse>;
export const ZRetryMessageResponse = z.object({ success: z.literal(true), message: z.string(), data: ZAdminMessage });
export type TRetryMessageResponse = z.infer<typeof ZRetryMessageResponse>;
export const MESSAGE_RETRY_QUEUED = 'The message will be sent again.';

/** A link's token in the path (unsubscribe links): opaque, checked by its signature. */
export const ZLinkTokenParams = z.object({ token: z.string().max(600) });
/** An application/x-www-form-urlencoded body read as text fields (the SMS provider's webhook, one-click unsubscribe). */
export const ZFormFields = z.record(z.string(), z.string()).nullish();
