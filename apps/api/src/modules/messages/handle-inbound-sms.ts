import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import { optins } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { phoneKeys } from './sms-consent.js';

/** The carrier-standard keywords (Twilio's Advanced Opt-Out list). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

export type InboundSmsOutcome = 'stopped' | 'started' | 'ignored';

export const keywordOf = (body: string): InboundSmsOutcome => {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return 'stopped';
  if (START_WORDS.has(word)) return 'started';
  return 'ignored';
};

/**
 * A reply from a phone (the signature was checked by the route): STOP withdraws the number's SMS consent,
 * START renews it; both are stamped with the time and kept in the audit log like the opt-in itself.
 */
export async function handleInboundSms(
  services: Pick<Services, 'db' | 'clock'>,
  context: Pick<Anonymous, 'ip'>,
  sms: { from: string; body: string },
): Promise<InboundSmsOutcome> {
  const outcome = keywordOf(sms.body);
  if (outcome === 'ignored') return outcome;
  const keys = phoneKeys(sms.from);
  if (keys.length === 0) return 'ignored';
  const at = services.clock.now();
  await services.db.transaction(async (tx) => {
    const changed =
      outcome === 'stopped'
        ? await tx
            .update(optins)
            .set({ consentSms: false, smsWithdrawnAt: at })
            .where(and(inArray(optins.phone, keys), isNull(optins.smsWithdrawnAt)))
            .returning({ id: optins.id, phone: optins.phone })
        : await tx
            .update(optins)
            .set({ consentSms: true, smsWithdrawnAt: null, consentedAt: at })
            .where(and(inArray(optins.phone, keys), isNotNull(optins.smsWithdrawnAt)))
            .returning({ id: optins.id, phone: optins.phone });
    await recordAudit(
      tx,
      {
        action: outcome === 'stopped' ? 'optin.sms_stop' : 'optin.sms_start',
        targetType: 'optin',
        targetId: changed[0]?.id,
        ip: context.ip,
        details: { phone: sms.from, keyword: sms.body.trim().toUpperCase(), optins: changed.map((c) => c.id), at: at.toISOString() },
      },
      at,
    );
  });
  return outcome;
}
