import { MESSAGES, OPTIN_PAGE_CONSENT_TEXT, SMS_CONSENT_REQUEST_TEXT } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { auditEvents, optins } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { inboundSms, startFakeSmsProvider, TWILIO_TEST_ENV } from '../messages/messages-test-kit.js';
import { hasSmsConsent } from '../messages/sms-consent.js';

describe('SMS and e-mail opt-in', () => {
  const clock = fixedClock('2026-03-02T20:00:00Z');
  let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>;
  // The SMS provider is faked at its HTTP boundary; its URL is known only once it listens.
  const smsUrl = { toString: () => sms.url };
  beforeAll(async () => {
    sms = await startFakeSmsProvider();
  });
  afterAll(() => sms.close());
  const t = useTestApp({
    clock,
    env: {
      ...TWILIO_TEST_ENV,
      get TWILIO_API_URL() {
        return String(smsUrl);
      },
    },
  });
  beforeEach(() => {
    sms.received.length = 0;
  });
  const drain = async () => {
    while ((await t.app.services.outbox.drain()) > 0);
  };
  const textsTo = async (e164: string) => {
    await drain();
    return sms.received.filter((m) => m.to === e164).map((m) => m.text);
  };
  let sid = 0;
  const reply = (from: string, body: string, messageSid = `SM${String(++sid).padStart(32, '0')}`) =>
    t.app.inject(inboundSms({ From: from, Body: body, MessageSid: messageSid, To: TWILIO_TEST_ENV.TWILIO_FROM }));
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
      {
        phone: '+1 617 555 0101',
        company: ' Longwood Labs ',
        email: 'desk@clinic.test',
        consent: { sms: true, email: true, marketing: false },
      },
      '10.4.1.1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your communication preferences have been saved.' });
    const row = await rowFor('+16175550101');
    expect(row).toMatchObject({
      phone: '+16175550101',
      company: 'Longwood Labs',
      consentSms: false,
      smsRequestedAt: clock.now(),
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
        consent: { sms: false, email: true, marketing: false },
        smsConfirmationSent: true,
        consentText: OPTIN_PAGE_CONSENT_TEXT,
        consentedAt: '2026-03-02T20:00:00.000Z',
      },
    });
  });

  it('updates the consent of a phone on a repeat and keeps every submission in the audit log', async () => {
    await optin({ phone: '+16175550102', email: 'desk@clinic.test', consent: { sms: true, email: true, marketing: true } });
    clock.advance(60_000);
    await optin({ phone: '+1 617 555 0102', email: 'desk@clinic.test', consent: { sms: false, email: true, marketing: false } });
    const rows = await t.db.select().from(optins).where(eq(optins.phone, '+16175550102'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ consentSms: false, consentEmail: true, consentMarketing: false, consentedAt: clock.now() });
    const audits = await consentAudits(rows[0].id);
    expect(audits.map((a) => a.details?.consent)).toEqual([
      { sms: false, email: true, marketing: true },
      { sms: false, email: true, marketing: false },
    ]);
  });

  it('records the banner consent with its notice, granting SMS without withdrawing what the page recorded', async () => {
    await optin({
      phone: '+16175550103',
      company: 'Fenway Pharmacy',
      email: 'desk@clinic.test',
      consent: { sms: false, email: true, marketing: false },
    });
    clock.advance(60_000);
    const res = await optin({ phone: '+16175550103', consent: { sms: true, email: false, marketing: false }, source: 'banner' });
    expect(res.statusCode).toBe(200);
    const row = await rowFor('+16175550103');
    expect(row).toMatchObject({
      consentSms: false,
      smsRequestedAt: clock.now(),
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
      consent: { sms: false, email: true, marketing: false },
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
    for (const phone of ['617555', '+617555', '12', '0617555010', '+0617555010', '1', '1234567890123456', 'call me', '++16175550100']) {
      const res = await optin({ phone, consent });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().errors[0]).toEqual({ field: 'phone', message: 'Please enter a valid phone number' });
    }
    for (const kept of ['617555', '+617555', '+1617555']) expect(await rowFor(kept)).toBeUndefined();
    expect(await textsTo('+617555')).toEqual([]);
  });

  it('takes a US number in any usual spelling (the sign-up rule) and keeps it, and texts it, in E.164', async () => {
    const consent = { sms: true, email: false, marketing: false };
    for (const [phone, e164] of [
      ['(617) 555-0177', '+16175550177'],
      ['617-555-0178', '+16175550178'],
      ['1 617 555 0179', '+16175550179'],
      ['+44 7700 900123', '+447700900123'],
    ]) {
      expect((await optin({ phone, consent, source: 'banner' })).statusCode, phone).toBe(200);
      expect(await rowFor(e164), phone).toBeDefined();
      expect(await textsTo(e164), phone).toEqual([SMS_CONSENT_REQUEST_TEXT]);
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

  it('requires an e-mail address, valid by the contract rule, when e-mail updates are ticked, and keeps it', async () => {
    const consent = { sms: false, email: true, marketing: false };
    for (const email of [undefined, '']) {
      const res = await optin({ phone: '+16175550105', consent, email });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({ field: 'email', message: MESSAGES.optinEmailRequired });
    }
    const bad = await optin({ phone: '+16175550105', consent, email: 'lab@' });
    expect(bad.json().errors[0]).toEqual({ field: 'email', message: 'Email must be a valid e-mail address' });
    expect(await rowFor('+16175550105')).toBeUndefined();
    expect((await optin({ phone: '+16175550105', consent, email: ' Lab@NorthLab.test ' })).statusCode).toBe(200);
    expect(await rowFor('+16175550105')).toMatchObject({ email: 'lab@northlab.test', consentEmail: true });
    // SMS alone needs no address; the banner keeps the address the page recorded.
    expect(
      (await optin({ phone: '+16175550105', consent: { sms: true, email: false, marketing: false }, source: 'banner' })).statusCode,
    ).toBe(200);
    expect(await rowFor('+16175550105')).toMatchObject({ email: 'lab@northlab.test' });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const listed = await t.app.inject({ url: '/api/v1/admin/optins?limit=80', headers: await t.bearer(admin.user) });
    expect((listed.json().data as { phone: string; email: string | null }[]).find((o) => o.phone === '+16175550105')?.email).toBe(
      'lab@northlab.test',
    );
  });

  it('throttles opt-ins per address: 20 a minute, then 429 with Retry-After', async () => {
    for (let i = 0; i < 20; i++) await optin({ phone: '', consent: {} }, '10.7.7.7');
    const blocked = await optin({ phone: '+16175550105', consent: { sms: true } }, '10.7.7.7');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
    expect((await optin({ phone: '+16175550105', consent: { sms: true } }, '10.7.7.8')).statusCode).toBe(200);
  });

  describe('SMS consent is double opt-in: only the handset gives it', () => {
    it('a form sends one text asking for YES; consent starts with the signed YES and is kept in the audit log', async () => {
      const res = await optin({ phone: '617 555 0120', consent: { sms: true, email: false, marketing: false }, source: 'banner' });
      expect(res.json()).toEqual({ success: true, message: 'Your communication preferences have been saved.' });
      expect(await hasSmsConsent(t.db, '+16175550120')).toBe(false);
      expect(await textsTo('+16175550120')).toEqual([SMS_CONSENT_REQUEST_TEXT]);

      clock.advance(60_000);
      expect((await reply('+16175550120', 'yes')).statusCode).toBe(200);
      const row = await rowFor('+16175550120');
      expect(row).toMatchObject({ consentSms: true, smsConfirmedAt: clock.now(), smsWithdrawnAt: null });
      expect(await hasSmsConsent(t.db, '+16175550120')).toBe(true);
      const [confirmed] = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'optin.sms_start'), eq(auditEvents.targetId, row.id)));
      expect(confirmed.details).toMatchObject({ keyword: 'YES', optins: [row.id] });
    });

    it('a form never lifts a STOP and texts nothing to a number that replied STOP; START from the handset does', async () => {
      await optin({ phone: '+16175550121', consent: { sms: true, email: false, marketing: false } });
      expect(await textsTo('+16175550121')).toHaveLength(1);
      await reply('+16175550121', 'YES');
      await reply('+16175550121', 'STOP');
      clock.advance(2 * 24 * 3_600_000);
      for (const source of ['page', 'banner'] as const) {
        expect(
          (await optin({ phone: '+16175550121', email: 'desk@clinic.test', consent: { sms: true, email: true, marketing: false }, source }))
            .statusCode,
        ).toBe(200);
      }
      expect(await rowFor('+16175550121')).toMatchObject({ consentSms: false, smsWithdrawnAt: expect.any(Date) });
      expect(await hasSmsConsent(t.db, '+16175550121')).toBe(false);
      expect(await textsTo('+16175550121')).toHaveLength(1);
      await reply('+16175550121', 'START');
      expect(await hasSmsConsent(t.db, '+16175550121')).toBe(true);
    });

    it('a form with SMS unticked silences nobody: only STOP withdraws', async () => {
      await optin({ phone: '+16175550122', consent: { sms: true, email: false, marketing: false } });
      await reply('+16175550122', 'YES');
      const res = await optin({ phone: '+16175550122', email: 'desk@clinic.test', consent: { sms: false, email: true, marketing: false } });
      expect(res.statusCode).toBe(200);
      expect(await hasSmsConsent(t.db, '+16175550122')).toBe(true);
      expect(await rowFor('+16175550122')).toMatchObject({ consentSms: true, consentEmail: true });
    });

    it('asks a number at most once a day, and never again once it said YES', async () => {
      const ask = () => optin({ phone: '+16175550123', consent: { sms: true, email: false, marketing: false }, source: 'banner' });
      await ask();
      await ask();
      clock.advance(3_600_000);
      await ask();
      expect(await textsTo('+16175550123')).toHaveLength(1);
      clock.advance(24 * 3_600_000);
      await ask();
      expect(await textsTo('+16175550123')).toHaveLength(2);
      await reply('+16175550123', 'YES');
      clock.advance(2 * 24 * 3_600_000);
      await ask();
      expect(await textsTo('+16175550123')).toHaveLength(2);
    });

    it('lists pending, confirmed and stopped numbers for staff', async () => {
      const admin = await createUser(t.db, { role: 'ADMIN' });
      for (const n of ['30', '31', '32']) await optin({ phone: `+161755501${n}`, consent: { sms: true, email: false, marketing: false } });
      await reply('+16175550131', 'YES');
      await reply('+16175550132', 'YES');
      await reply('+16175550132', 'STOP');
      await optin({ phone: '+16175550133', email: 'desk@clinic.test', consent: { sms: false, email: true, marketing: false } });
      const res = await t.app.inject({ url: '/api/v1/admin/optins?limit=80', headers: await t.bearer(admin.user) });
      const status = Object.fromEntries((res.json().data as { phone: string; smsStatus: string }[]).map((o) => [o.phone, o.smsStatus]));
      expect(status).toMatchObject({
        '+16175550130': 'pending',
        '+16175550131': 'confirmed',
        '+16175550132': 'stopped',
        '+16175550133': 'none',
      });
    });

    it('ignores a replayed inbound SMS: a START captured before a STOP does not lift it', async () => {
      await optin({ phone: '+16175550124', consent: { sms: true, email: false, marketing: false } });
      const captured = 'SM00000000000000000000000000000START';
      await reply('+16175550124', 'START', captured);
      await reply('+16175550124', 'STOP');
      expect(await hasSmsConsent(t.db, '+16175550124')).toBe(false);
      expect((await reply('+16175550124', 'START', captured)).statusCode).toBe(200);
      expect(await hasSmsConsent(t.db, '+16175550124')).toBe(false);
      const starts = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'optin.sms_start'));
      expect(starts.filter((a) => a.details?.messageSid === captured)).toHaveLength(1);
    });
  });
});
