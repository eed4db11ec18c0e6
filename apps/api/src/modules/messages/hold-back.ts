import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailUnsubscribes } from '../../db/schema/index.js';
import type { OutboxHoldBackInput } from '../../platform/outbox.js';
import { hasSmsConsent, hasStoppedSms } from './sms-consent.js';
import { normalizeEmail } from './unsubscribe-token.js';

export const SMS_CONSENT_WITHDRAWN = 'Not sent: the number has no SMS consent (withdrawn with STOP)';
export const SMS_STOPPED = 'Not sent: the number replied STOP';
export const EMAIL_UNSUBSCRIBED = 'Not sent: the address unsubscribed';

/** The outbox asks this just before a message leaves: consent may have changed since it was queued. */
export function messageHoldBack(db: DbOrTx) {
  return async (m: OutboxHoldBackInput): Promise<string | null> => {
    // The text asking for YES goes to a number without consent yet, never to one that said STOP.
    if (m.channel === 'sms' && m.purpose === 'sms_consent_request') return (await hasStoppedSms(db, m.recipient)) ? SMS_STOPPED : null;
    if (m.channel === 'sms') return (await hasSmsConsent(db, m.recipient)) ? null : SMS_CONSENT_WITHDRAWN;
    if (!m.listUnsubscribe) return null;
    const [gone] = await db
      .select()
      .from(emailUnsubscribes)
      .where(eq(emailUnsubscribes.email, normalizeEmail(m.recipient)));
    return gone ? EMAIL_UNSUBSCRIBED : null;
  };
}
