import { MESSAGES, normalizePhone, OPTIN_PAGE_CONSENT_TEXT } from '@courier/contract';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { optins } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import type { TOptinBody } from './optin.schemas.js';

export const OPTIN_SAVED = 'Your communication preferences have been saved.';

export interface OptinRequestContext {
  ip?: string;
  userAgent?: string;
}

/**
 * Records consent so it can be proven later: the row holds the latest consent for a phone, and every
 * submission is also written to the audit log with the text the person agreed to.
 * The page shows all three boxes, so it states the whole consent; the banner only asks for SMS, so it
 * can grant but never withdraw what the page recorded.
 */
export async function recordOptin(
  services: Pick<Services, 'db' | 'clock'>,
  body: TOptinBody,
  context: OptinRequestContext,
): Promise<{ message: string }> {
  const { db, clock } = services;
  const at = clock.now();
  const phone = normalizePhone(body.phone);
  const company = body.company ? body.company : null;
  const consentText = body.source === 'banner' ? MESSAGES.optinConsentNotice : OPTIN_PAGE_CONSENT_TEXT;
  const userAgent = context.userAgent?.slice(0, 512) ?? null;
  const fromBanner = body.source === 'banner';
  const merged = (column: AnyPgColumn) =>
    fromBanner ? sql`${column} or excluded.${sql.identifier(column.name)}` : sql`excluded.${sql.identifier(column.name)}`;

  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(optins)
      .values({
        phone,
        company,
        consentSms: body.consent.sms,
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
          consentSms: merged(optins.consentSms),
          consentEmail: merged(optins.consentEmail),
          consentMarketing: merged(optins.consentMarketing),
          // A fresh SMS consent lifts an earlier STOP.
          smsWithdrawnAt: body.consent.sms ? null : sql`${optins.smsWithdrawnAt}`,
          source: body.source,
          consentText,
          ip: context.ip ?? null,
          userAgent,
          consentedAt: at,
        },
      })
      .returning();
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
          source: body.source,
          submitted: body.consent,
          consent: { sms: row.consentSms, email: row.consentEmail, marketing: row.consentMarketing },
          consentText,
          userAgent,
          consentedAt: at.toISOString(),
        },
      },
      at,
    );
  });
  return { message: OPTIN_SAVED };
}
