import { MESSAGES, normalizePhone, OPTIN_PAGE_CONSENT_TEXT, SMS_CONSENT_REQUEST_TEXT, type TOptinBody } from '@courier/contract';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { optins } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { enqueueSms } from '../../platform/outbox.js';
import { toE164 } from '../messages/sms-consent.js';
import type { Services } from '../../services.js';

export const OPTIN_SAVED = 'Your communication preferences have been saved.';

/** A number is asked for its YES at most once in this time, so the form cannot be used to text someone over and over. */
export const SMS_CONSENT_REQUEST_EVERY_MS = 24 * 60 * 60 * 1000;

export interface OptinRequestContext {
  ip?: string;
  userAgent?: string;
}

/**
 * Records consent so it can be proven later: the row holds the latest consent for a phone, and every
 * submission is also written to the audit log with the text the person agreed to.
 * The page shows all three boxes, so it states the whole e-mail and service-update consent; the banner only
 * asks for SMS, so it can grant but never withdraw what the page recorded.
 * SMS is double opt-in: a form never grants or withdraws it. Ticking SMS sends one text asking the number to
 * reply YES (not to a number that replied STOP, and at most once a day); the signed YES or START grants it
 * (handle-inbound-sms.ts) and only STOP withdraws it, so nobody can switch another person's texts on or off.
 */
export async function recordOptin(
  services: Pick<Services, 'db' | 'clock' | 'outbox'>,
  body: TOptinBody,
  context: OptinRequestContext,
): Promise<{ message: string }> {
  const { db, clock } = services;
  const at = clock.now();
  const phone = normalizePhone(body.phone);
  const company = body.company ? body.company : null;
  const email = body.email ? body.email : null;
  const consentText = body.source === 'banner' ? MESSAGES.optinConsentNotice : OPTIN_PAGE_CONSENT_TEXT;
  const userAgent = context.userAgent?.slice(0, 512) ?? null;
  const fromBanner = body.source === 'banner';
  const merged = (column: AnyPgColumn) =>
    fromBanner ? sql`${column} or excluded.${sql.identifier(column.name)}` : sql`excluded.${sql.identifier(column.name)}`;
  const askAgainBefore = new Date(at.getTime() - SMS_CONSENT_REQUEST_EVERY_MS);

  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(optins)
      .values({
        phone,
        company,
        email,
        consentSms: false,
        consentEmail: body.consent.email,
        consentMarketing: body.consent.marketing,
        source: body.source,
        consentText,
        ip: context.ip ?? null,
        userAgent,
        consentedAt: at,
        createdAt: at,
      })
      .onConflictDoUpdate({
        target: optins.phone,
        set: {
          company: sql`coalesce(excluded.company, ${optins.company})`,
          email: sql`coalesce(excluded.email, ${optins.email})`,
          consentEmail: merged(optins.consentEmail),
          consentMarketing: merged(optins.consentMarketing),
          source: body.source,
          consentText,
          ip: context.ip ?? null,
          userAgent,
          consentedAt: at,
        },
      })
      .returning();
    const askForYes =
      body.consent.sms &&
      !row.consentSms &&
      row.smsWithdrawnAt === null &&
      (row.smsRequestedAt === null || row.smsRequestedAt <= askAgainBefore);
    if (askForYes) {
      await tx.update(optins).set({ smsRequestedAt: at }).where(eq(optins.id, row.id));
      await enqueueSms(tx, toE164(phone), SMS_CONSENT_REQUEST_TEXT, at, 'sms_consent_request');
    }
    await recordAudit(
      tx,
      {
        action: 'optin.consent',
        targetType: 'optin',
        targetId: row.id,
        ip: context.ip,
        details: {
          phone,
          company: row.company,
          email: row.email,
          source: body.source,
          submitted: body.consent,
          consent: { sms: row.consentSms, email: row.consentEmail, marketing: row.consentMarketing },
          smsConfirmationSent: askForYes,
          consentText,
          userAgent,
          consentedAt: at.toISOString(),
        },
      },
      at,
    );
  });
  if (body.consent.sms) services.outbox.kick();
  return { message: OPTIN_SAVED };
}
