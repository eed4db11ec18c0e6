import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { inboundSmsMessages, optins } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { phoneKeys } from './sms-consent.js';

/** The carrier-standard keywords (Twilio's Advanced Opt-Out list). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

export type InboundSmsOutcome = 'stopped' | 'started' | 'ignored' | 'repeated';

export const keywordOf = (body: string): Exclude<InboundSmsOutcome, 'repeated'> => {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return 'stopped';
  if (START_WORDS.has(word)) return 'started';
  return 'ignored';
};

/**
 * A reply from a phone (the signature was checked by the route). SMS consent is double opt-in: YES or START
 * from the handset is what grants it (after a form asked, or to renew after a STOP); STOP withdraws it. Both
 * are stamped with the time and kept in the audit log like the opt-in itself. A call whose MessageSid was
 * already applied is a replay (a captured START sent again after a STOP) and changes nothing.
 */
export async function handleInboundSms(
  services: Pick<Services, 'db' | 'clock'>,
  context: Pick<Anonymous, 'ip'>,
  sms: { from: string; body: string; messageSid?: string },
): Promise<InboundSmsOutcome> {
  const outcome = keywordOf(sms.body);
  if (outcome === 'ignored') return outcome;
  const keys = phoneKeys(sms.from);
  if (keys.length === 0) return 'ignored';
  const at = services.clock.now();
  return services.db.transaction(async (tx) => {
    if (sms.messageSid) {
      const fresh = await tx
        .insert(inboundSmsMessages)
        .values({ messageSid: sms.messageSid.slice(0, 64), receivedAt: at })
        .onConflictDoNothing()
        .returning({ sid: inboundSmsMessages.messageSid });
      if (fresh.length === 0) return 'repeated' as const;
    }
    const changed =
      outcome === 'stopped'
        ? await tx
            .update(optins)
            .set({ consentSms: false, smsWithdrawnAt: at })
            .where(and(inArray(optins.phone, keys), isNull(optins.smsWithdrawnAt)))
            .returning({ id: optins.id, phone: optins.phone })
        : await tx
            .update(optins)
            .set({ consentSms: true, smsWithdrawnAt: null, smsConfirmedAt: at, consentedAt: at })
            .where(and(inArray(optins.phone, keys), or(eq(optins.consentSms, false), isNotNull(optins.smsWithdrawnAt))))
            .returning({ id: optins.id, phone: optins.phone });
    await recordAudit(
      tx,
      {
        action: outcome === 'stopped' ? 'optin.sms_stop' : 'optin.sms_start',
        targetType: 'optin',
        targetId: changed[0]?.id,
        ip: context.ip,
        details: {
          phone: sms.from,
          keyword: sms.body.trim().toUpperCase(),
          messageSid: sms.messageSid ?? null,
          optins: changed.map((c) => c.id),
          at: at.toISOString(),
        },
      },
      at,
    );
    return outcome;
  });
}
