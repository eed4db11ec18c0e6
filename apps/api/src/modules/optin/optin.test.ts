import { MESSAGES, OPTIN_PAGE_CONSENT_TEXT } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, optins } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';

describe('SMS and e-mail opt-in', () => {
  const clock = fixedClock('2026-03-02T20:00:00Z');
  const t = useTestApp({ clock });
  let sent = 0;
  const optin = (payload: unknown, remoteAddress = `10.4.0.${++sent % 250}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/optform',
      payload: payload as object,
      remoteAddress,
      headers: { 'user-agent': 'Mozilla/5.0 (test)' },
    });
  const rowFor = async (phone: string) => (await t.db.select().from(optins).where(eq(optins.phone, phone)))[0];
  const consentAudits = (optinId: string) =>
    t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'optin.consent'), eq(auditEvents.targetId, optinId)))
      .orderBy(auditEvents.createdAt);

  it('stores the consent from the page with its time, source, text, address and browser, and audits it', async () => {
    const res = await optin(
      { phone: '+1 617 555 0101', company: ' Longwood Labs ', consent: { sms: true, email: true, marketing: false } },
      '10.4.1.1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your communication preferences have been saved.' });
    const row = await rowFor('+16175550101');
    expect(row).toMatchObject({
      phone: '+16175550101',
      company: 'Longwood Labs',
      consentSms: true,
      consentEmail: true,
      consentMarketing: false,
      source: 'page',
      consentText: OPTIN_PAGE_CONSENT_TEXT,
      ip: '10.4.1.1',
      userAgent: 'Mozilla/5.0 (test)',
      consentedAt: clock.now(),
    });
    const [audit] = await consentAudits(row.id);
    expect(audit).toMatchObject({
      ip: '10.4.1.1',
      targetType: 'optin',
      details: {
        phone: '+16175550101',
        source: 'page',
        submitted: { sms: true, email: true, marketing: false },
        consent: { sms: true, email: true, marketing: false },
        consentText: OPTIN_PAGE_CONSENT_TEXT,
        consentedAt: '2026-03-02T20:00:00.000Z',
      },
    });
  });

  it('updates the consent of a phone on a repeat and keeps every submission in the audit log', async () => {
    await optin({ phone: '+16175550102', consent: { sms: true, email: true, marketing: true } });
    clock.advance(60_000);
    await optin({ phone: '+1 617 555 0102', consent: { sms: false, email: true, marketing: false } });
    const rows = await t.db.select().from(optins).where(eq(optins.phone, '+16175550102'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ consentSms: false, consentEmail: true, consentMarketing: false, consentedAt: clock.now() });
    const audits = await consentAudits(rows[0].id);
    expect(audits.map((a) => a.details?.consent)).toEqual([
      { sms: true, email: true, marketing: true },
      { sms: false, email: true, marketing: false },
    ]);
  });

  it('records the banner consent with its notice, granting SMS without withdrawing what the page recorded', async () => {
    await optin({ phone: '+16175550103', company: 'Fenway Pharmacy', consent: { sms: false, email: true, marketing: false } });
    clock.advance(60_000);
    const res = await optin({ phone: '+16175550103', consent: { sms: true, email: false, marketing: false }, source: 'banner' });
    expect(res.statusCode).toBe(200);
    const row = await rowFor('+16175550103');
    expect(row).toMatchObject({
      consentSms: true,
      consentEmail: true,
      consentMarketing: false,
      company: 'Fenway Pharmacy',
      source: 'banner',
      consentText: MESSAGES.optinConsentNotice,
      consentedAt: clock.now(),
    });
    const audits = await consentAudits(row.id);
    expect(audits[1].details).toMatchObject({
      source: 'banner',
      submitted: { sms: true, email: false, marketing: false },
      consent: { sms: true, email: true, marketing: false },
      consentText: MESSAGES.optinConsentNotice,
    });
  });

  it('requires a phone and a valid one, with the messages of the page', async () => {
    const consent = { sms: true, email: false, marketing: false };
    for (const phone of [undefined, '', '   ']) {
      const res = await optin({ phone, consent });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'phone: Phone number is required' });
      expect(res.json().errors[0]).toEqual({ field: 'phone', message: 'Phone number is required' });
    }
    for (const phone of ['0617555010', '+0617555010', '1', '1234567890123456', '617-555-0100', 'call me', '++16175550100']) {
      const res = await optin({ phone, consent });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().errors[0]).toEqual({ field: 'phone', message: 'Please enter a valid phone number' });
    }
    for (const phone of ['12', '+123456789012345', '617 555 0100']) {
      expect((await optin({ phone, consent })).statusCode, phone).toBe(200);
    }
  });

  it('requires at least one communication preference', async () => {
    for (const consent of [undefined, {}, { sms: false, email: false, marketing: false }]) {
      const res = await optin({ phone: '+16175550104', consent });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'consent: Please select at least one communication preference' });
    }
    expect(await rowFor('+16175550104')).toBeUndefined();
  });

  it('throttles opt-ins per address: 20 a minute, then 429 with Retry-After', async () => {
    for (let i = 0; i < 20; i++) await optin({ phone: '', consent: {} }, '10.7.7.7');
    const blocked = await optin({ phone: '+16175550105', consent: { sms: true } }, '10.7.7.7');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
    expect((await optin({ phone: '+16175550105', consent: { sms: true } }, '10.7.7.8')).statusCode).toBe(200);
  });
});
