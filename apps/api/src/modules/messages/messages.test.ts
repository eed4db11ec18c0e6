import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { auditEvents, deliveries, notifications, optins, outboxMessages, users } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { backoffMs, enqueueSms, OUTBOX_MAX_ATTEMPTS } from '../../platform/outbox.js';
import { EMAIL_UNSUBSCRIBED, SMS_CONSENT_WITHDRAWN } from './hold-back.js';
import type { Actor } from '../../platform/policy.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { cancelDelivery } from '../deliveries/cancel-delivery.js';
import { multipartForm, TEST_NOW, validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { approveDelivery } from '../dispatch/approve-delivery.js';
import { assignDriver } from '../dispatch/assign-driver.js';
import { type Crew, crew, deliveryIn, signaturePng } from '../dispatch/operations-test-kit.js';
import { confirmPickup } from '../driver/confirm-pickup.js';
import { recordProofOfDelivery } from '../driver/record-proof-of-delivery.js';
import { startPickupRun } from '../driver/start-pickup-run.js';
import { startTransit } from '../driver/start-transit.js';
import { LATE_MARGIN_MS, sweepLateDeliveries } from '../late-sweep/late-sweep.js';
import { inboundSms, startFakeSmsProvider, TWILIO_TEST_ENV } from './messages-test-kit.js';

type Sms = Awaited<ReturnType<typeof startFakeSmsProvider>>;

describe('delivery messages to the customer, the recipient and staff', () => {
  const clock = fixedClock(TEST_NOW);
  let t: TestApp;
  let sms: Sms;
  let people: Crew;
  const RECIPIENT_PHONE = '+16175550199';
  const CUSTOMER_PHONE = '+16175550111';

  /** Sends everything due; the outbox works in passes of 20. */
  const drain = async () => {
    while ((await t.app.services.outbox.drain()) > 0);
  };
  const emailsTo = (to: string) => t.mailer.sent.filter((m) => m.to.toLowerCase() === to.toLowerCase());
  const smsTo = (to: string) => sms.received.filter((m) => m.to === to);
  /** The form asks, the handset answers YES (double opt-in); the text asking for YES is not counted below. */
  const optin = async (phone: string, source: 'page' | 'banner' = 'banner') => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/optform',
      payload: { phone, consent: { sms: true, email: false, marketing: false }, source },
    });
    await t.app.inject(inboundSms({ From: phone, Body: 'YES' }));
    await drain();
    sms.received.length = 0;
  };
  const noticesOf = async (userId: string, deliveryId: string) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, userId)))
      .filter((n) => n.deliveryId === deliveryId)
      .map((n) => n.title);

  async function customerWith(prefs: { emailUpdates: boolean; smsUpdates: boolean; emailEvents?: string[] }, phone = CUSTOMER_PHONE) {
    const { user } = await createUser(t.db, { phone, firstName: 'Casey' });
    await t.db
      .update(users)
      .set({ notificationPreferences: { ...prefs, marketingEmails: false } })
      .where(eq(users.id, user.id));
    return user;
  }

  /** Every move through its own use case, as the routes make them. */
  async function walk(d: { id: string; orderId: string }, until: 'picked_up' | 'delivered' = 'delivered') {
    const s = t.app.services;
    const staff: Actor = { id: people.STAFF.id, role: 'STAFF' };
    const driver: Actor = { id: people.DRIVER.id, role: 'DRIVER' };
    const minute = () => clock.advance(60_000);
    await approveDelivery(s, staff, { idOrTrackingNumber: d.id });
    minute();
    await assignDriver(s, staff, { idOrTrackingNumber: d.id, driverId: people.DRIVER.id });
    minute();
    await startPickupRun(s, driver, { idOrTrackingNumber: d.id });
    minute();
    await confirmPickup(s, driver, { idOrTrackingNumber: d.id, scannedOrderId: d.orderId });
    minute();
    if (until === 'picked_up') return;
    await startTransit(s, driver, { idOrTrackingNumber: d.id });
    minute();
    await recordProofOfDelivery(s, driver, {
      idOrTrackingNumber: d.id,
      fields: { recipientName: 'R. Lee' },
      photo: null,
      signature: await signaturePng(),
    });
  }

  beforeAll(async () => {
    sms = await startFakeSmsProvider();
    t = await createTestApp({ clock, env: { ...TWILIO_TEST_ENV, TWILIO_API_URL: sms.url } });
    people = await crew(t);
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });
  beforeEach(async () => {
    await drain();
    t.mailer.sent.length = 0;
    sms.received.length = 0;
    sms.state.down = false;
  });

  it('tells the customer of every move by the channels they chose, and the recipient at pickup and delivery', async () => {
    const customer = await customerWith({ emailUpdates: true, smsUpdates: true });
    await optin(CUSTOMER_PHONE, 'page');
    await optin('617 555 0199');
    const d = await deliveryIn(t, 'pending', customer.id, null, { specialInstructions: 'Keep refrigerated' });
    await walk(d);
    await drain();

    expect(await noticesOf(customer.id, d.id)).toEqual([
      'Delivery approved',
      'Driver assigned',
      'Driver on the way',
      'Parcel picked up',
      'Parcel in transit',
      'Delivered',
    ]);
    const [delivered] = await t.db.select().from(notifications).where(eq(notifications.title, 'Delivered'));
    expect(delivered.message).toContain('signed for by R. Lee');

    // By default e-mail carries the pickup, the delivery and exceptions only; SMS every outside move.
    const mine = emailsTo(customer.email);
    expect(mine.map((m) => m.subject)).toEqual([`${d.orderId}: Picked up`, `${d.orderId}: Delivered`]);
    expect(mine[1].text).toContain('received by R. Lee');
    expect(mine[1].text).toContain('Mar 2, 2026');
    expect(mine[0].html).toContain(`http://courier.test/track/${d.orderId}`);
    expect(mine[0].listUnsubscribe ?? null).toBeNull();
    expect(smsTo(CUSTOMER_PHONE).map((m) => m.text)).toEqual([
      expect.stringContaining(`Delivery ${d.orderId} was approved.`),
      expect.stringContaining(`A driver was assigned to delivery ${d.orderId}.`),
      expect.stringContaining(`Delivery ${d.orderId} was picked up at`),
      expect.stringMatching(new RegExp(`Delivery ${d.orderId} was delivered at .*, received by R\\. Lee\\..*Reply STOP to opt out\\.$`)),
    ]);
    expect(smsTo(CUSTOMER_PHONE)[0]).toMatchObject({ from: TWILIO_TEST_ENV.TWILIO_FROM, path: expect.stringContaining('/Messages.json') });

    const theirs = emailsTo('jordan.lee@example.test');
    expect(theirs.map((m) => m.subject)).toEqual([`${d.orderId}: Picked up`, `${d.orderId}: Delivered`]);
    expect(theirs[0].text).toContain(`http://courier.test/track/${d.orderId}`);
    expect(theirs[1].text).toContain(`http://courier.test/track/${d.orderId}/feedback`);
    expect(theirs[0].listUnsubscribe).toMatch(/^http:\/\/courier\.test\/api\/v1\/unsubscribe\/[\w-]+\.[\w-]+$/);
    expect(smsTo(RECIPIENT_PHONE).map((m) => m.text)).toEqual([
      expect.stringContaining(`/track/${d.orderId} `),
      expect.stringContaining(`/track/${d.orderId}/feedback`),
    ]);

    // The minimum necessary: no package type, instructions or names outside the app.
    for (const m of [...t.mailer.sent, ...sms.received]) {
      const all = `${'subject' in m ? m.subject : ''} ${m.text} ${'html' in m ? m.html : ''}`;
      expect(all).not.toMatch(/MEDICATION|Keep refrigerated|Jordan/i);
    }
  });

  it('sends no e-mail or SMS to a customer who turned them off, nor SMS to a phone without consent', async () => {
    const quiet = await customerWith({ emailUpdates: false, smsUpdates: true }, '+16175550122');
    const d = await deliveryIn(t, 'pending', quiet.id, null, { recipientPhone: '+1 617 555 0188', recipientEmail: 'pat@example.test' });
    await walk(d);
    await drain();
    expect(await noticesOf(quiet.id, d.id)).toHaveLength(6);
    expect(emailsTo(quiet.email)).toEqual([]);
    expect(sms.received).toEqual([]);
    expect(emailsTo('pat@example.test')).toHaveLength(2);
  });

  it('e-mails exactly the moves the customer chose, whatever the default', async () => {
    const picky = await customerWith({ emailUpdates: true, smsUpdates: false, emailEvents: ['approved', 'assigned'] }, '+16175550133');
    const d = await deliveryIn(t, 'pending', picky.id, null);
    await walk(d);
    await drain();
    expect(emailsTo(picky.email).map((m) => m.subject)).toEqual([`${d.orderId}: Approved`, `${d.orderId}: Driver assigned`]);
    expect(await noticesOf(picky.id, d.id)).toHaveLength(6);
  });

  it('tells the customer why a delivery was cancelled', async () => {
    const customer = await customerWith({ emailUpdates: true, smsUpdates: false });
    const d = await deliveryIn(t, 'approved', customer.id, null);
    await cancelDelivery(
      t.app.services,
      { id: people.STAFF.id, role: 'STAFF' },
      { idOrTrackingNumber: d.id, reason: 'Clinic closed today' },
    );
    await drain();
    const [mail] = emailsTo(customer.email);
    expect(mail.subject).toBe(`${d.orderId}: Cancelled`);
    expect(mail.text).toContain('Reason: Clinic closed today');
    expect(emailsTo('jordan.lee@example.test')).toEqual([]);
  });

  it('tells active staff of a new request in the app', async () => {
    const customer = await customerWith({ emailUpdates: true, smsUpdates: false });
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, people.MANAGER.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: await t.bearer(customer),
      payload: multipartForm(validDeliveryForm()) as never,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json()._id;
    for (const who of [people.STAFF, people.ADMIN, people.SUPER_ADMIN])
      expect(await noticesOf(who.id, id)).toEqual(['New delivery request']);
    for (const who of [people.MANAGER, people.DRIVER, people.otherCustomer]) expect(await noticesOf(who.id, id)).toEqual([]);
    await drain();
    expect(emailsTo(customer.email).map((m) => m.subject)).toEqual([`${res.json().data.orderId}: Request received`]);
    await t.db.update(users).set({ isDisabled: false }).where(eq(users.id, people.MANAGER.id));
  });

  it('flags a delivery late once, 30 minutes before its required-by, and tells the customer and staff', async () => {
    const customer = await customerWith({ emailUpdates: true, smsUpdates: false });
    const now = clock.now().getTime();
    const soon = await deliveryIn(t, 'assigned', customer.id, people.DRIVER.id, { requiredBy: new Date(now + LATE_MARGIN_MS - 60_000) });
    const later = await deliveryIn(t, 'assigned', customer.id, people.DRIVER.id, { requiredBy: new Date(now + LATE_MARGIN_MS + 60_000) });
    const done = await deliveryIn(t, 'delivered', customer.id, people.DRIVER.id, { requiredBy: new Date(now - 60_000) });
    // Two processes sweeping at once flag it once.
    const flagged = await Promise.all([sweepLateDeliveries(t.app.services), sweepLateDeliveries(t.app.services)]);
    expect(flagged.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await sweepLateDeliveries(t.app.services)).toBe(0);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, soon.id));
    expect(row.lateNotifiedAt).toEqual(clock.now());
    expect(await noticesOf(customer.id, soon.id)).toEqual(['Delivery running late']);
    expect(await noticesOf(people.STAFF.id, soon.id)).toEqual(['Delivery running late']);
    const [lateNotice] = await t.db.select().from(notifications).where(eq(notifications.deliveryId, soon.id));
    expect(lateNotice.message).toMatch(/ is due by Mar 2, 2026, \d+:\d\d [AP]M EST and is not delivered yet\.$/);
    expect(await noticesOf(customer.id, later.id)).toEqual([]);
    expect(await noticesOf(customer.id, done.id)).toEqual([]);
    await drain();
    expect(emailsTo(customer.email).map((m) => m.subject)).toEqual([`${soon.orderId}: Running late`]);

    clock.advance(2 * 60_000);
    await sweepLateDeliveries(t.app.services);
    expect(await noticesOf(customer.id, later.id)).toEqual(['Delivery running late']);
    expect(await noticesOf(customer.id, soon.id)).toEqual(['Delivery running late']);
  });

  describe('the SMS webhook (STOP and START)', () => {
    it('refuses an unsigned or wrongly signed call with 403 and changes nothing', async () => {
      await optin('+16175550177');
      for (const sign of ['none', 'wrong'] as const) {
        const res = await t.app.inject(inboundSms({ From: '+16175550177', Body: 'STOP' }, sign));
        expect(res.statusCode).toBe(403);
      }
      const [row] = await t.db.select().from(optins).where(eq(optins.phone, '+16175550177'));
      expect(row).toMatchObject({ consentSms: true, smsWithdrawnAt: null });
    });

    it('STOP withdraws the recipient’s SMS consent and START renews it, each with its time', async () => {
      const customer = await customerWith({ emailUpdates: false, smsUpdates: false });
      await optin('6175550166');
      const stop = await t.app.inject(inboundSms({ From: '+16175550166', Body: ' stop ', To: TWILIO_TEST_ENV.TWILIO_FROM }));
      expect(stop.statusCode).toBe(200);
      expect(stop.headers['content-type']).toMatch(/^text\/xml/);
      const [withdrawn] = await t.db.select().from(optins).where(eq(optins.phone, '+16175550166'));
      expect(withdrawn).toMatchObject({ consentSms: false, smsWithdrawnAt: clock.now() });
      const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, withdrawn.id));
      expect(audits.map((a) => a.action)).toContain('optin.sms_stop');

      const d = await deliveryIn(t, 'pending', customer.id, null, { recipientPhone: '(617) 555-0166' });
      await walk(d, 'picked_up');
      await drain();
      expect(smsTo('+16175550166')).toEqual([]);

      // A form cannot lift the STOP; START from the handset does. A STOP after a message was queued holds it back.
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/optform',
        payload: { phone: '6175550166', consent: { sms: true, email: false, marketing: false } },
      });
      expect((await t.db.select().from(optins).where(eq(optins.phone, '+16175550166')))[0]).toMatchObject({ consentSms: false });
      await t.app.inject(inboundSms({ From: '+16175550166', Body: 'START' }));
      expect((await t.db.select().from(optins).where(eq(optins.phone, '+16175550166')))[0]).toMatchObject({
        consentSms: true,
        smsWithdrawnAt: null,
      });
      await startTransit(t.app.services, { id: people.DRIVER.id, role: 'DRIVER' }, { idOrTrackingNumber: d.id });
      await t.db.transaction((tx) => enqueueSms(tx, '+16175550166', 'queued before STOP', clock.now()));
      await t.app.inject(inboundSms({ From: '+16175550166', Body: 'QUIT' }));
      await drain();
      expect(smsTo('+16175550166')).toEqual([]);
      const [held] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.text, 'queued before STOP'));
      expect(held).toMatchObject({ status: 'failed', lastError: SMS_CONSENT_WITHDRAWN });

      clock.advance(60_000);
      expect((await t.app.inject(inboundSms({ From: '+16175550166', Body: 'START' }))).statusCode).toBe(200);
      const [renewed] = await t.db.select().from(optins).where(eq(optins.phone, '+16175550166'));
      expect(renewed).toMatchObject({ consentSms: true, smsWithdrawnAt: null, consentedAt: clock.now() });
      await recordProofOfDelivery(
        t.app.services,
        { id: people.DRIVER.id, role: 'DRIVER' },
        {
          idOrTrackingNumber: d.id,
          fields: { recipientName: 'R. Lee' },
          photo: null,
          signature: await signaturePng(),
        },
      );
      await drain();
      expect(smsTo('+16175550166').map((m) => m.text)).toEqual([expect.stringContaining('/feedback')]);
    });

    it('ignores other words', async () => {
      await optin('+16175550155');
      expect((await t.app.inject(inboundSms({ From: '+16175550155', Body: 'Thanks!' }))).statusCode).toBe(200);
      const [row] = await t.db.select().from(optins).where(eq(optins.phone, '+16175550155'));
      expect(row.consentSms).toBe(true);
    });
  });

  async function recordProofOfDeliveryAfterTransit(d: { id: string }) {
    const driver: Actor = { id: people.DRIVER.id, role: 'DRIVER' };
    await startTransit(t.app.services, driver, { idOrTrackingNumber: d.id });
    await recordProofOfDelivery(t.app.services, driver, {
      idOrTrackingNumber: d.id,
      fields: { recipientName: 'R. Lee' },
      photo: null,
      signature: await signaturePng(),
    });
  }

  describe('unsubscribing a recipient', () => {
    it('shows a confirm page, takes the one-click POST, and sends that address no further e-mail', async () => {
      const customer = await customerWith({ emailUpdates: false, smsUpdates: false });
      const d = await deliveryIn(t, 'pending', customer.id, null, { recipientEmail: 'Sam@Example.test' });
      await walk(d, 'picked_up');
      await drain();
      const [pickedUp] = emailsTo('sam@example.test');
      const link = pickedUp.listUnsubscribe as string;
      expect(pickedUp.text).toContain(link);
      const path = new URL(link).pathname;

      const page = await t.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('sam@example.test');
      expect(page.body).toContain(`<form method="post" action="${path}">`);

      const oneClick = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect(oneClick.body).toContain('You are unsubscribed');
      const again = await t.app.inject({ method: 'POST', url: path });
      expect(again.statusCode, again.body).toBe(200);

      await recordProofOfDeliveryAfterTransit(d);
      await drain();
      expect(emailsTo('sam@example.test')).toHaveLength(1);

      // One queued before the click is held back too.
      const other = await deliveryIn(t, 'pending', customer.id, null, { recipientEmail: 'lee@example.test' });
      await walk(other, 'picked_up');
      const [queued] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'lee@example.test'));
      await t.app.inject({ method: 'POST', url: new URL(queued.listUnsubscribe as string).pathname });
      await drain();
      expect(emailsTo('lee@example.test')).toEqual([]);
      expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, queued.id)))[0]).toMatchObject({
        status: 'failed',
        lastError: EMAIL_UNSUBSCRIBED,
      });
    });

    it('answers 404 to a forged link', async () => {
      const forged = `/api/v1/unsubscribe/${Buffer.from('victim@example.test').toString('base64url')}.AAAA`;
      expect((await t.app.inject({ url: forged })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
    });
  });

  describe('when the outside world is down', () => {
    it('retries an SMS while the provider is down and sends it once it is back', async () => {
      const customer = await customerWith({ emailUpdates: false, smsUpdates: true }, '+16175550133');
      await optin('+16175550133');
      const d = await deliveryIn(t, 'pending', customer.id, null);
      sms.state.down = true;
      await approveDelivery(t.app.services, { id: people.STAFF.id, role: 'STAFF' }, { idOrTrackingNumber: d.id });
      await drain();
      const [row] = await t.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, '+16175550133'), isNull(outboxMessages.purpose)));
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Twilio answered 503' });
      sms.state.down = false;
      clock.advance(backoffMs(1));
      await drain();
      expect(smsTo('+16175550133')).toHaveLength(1);
    });

    it('retries an e-mail while SMTP is down and sends it once it is back', async () => {
      const customer = await customerWith({ emailUpdates: true, smsUpdates: false, emailEvents: ['approved'] });
      const d = await deliveryIn(t, 'pending', customer.id, null);
      t.mailer.failNext = 1;
      await approveDelivery(t.app.services, { id: people.STAFF.id, role: 'STAFF' }, { idOrTrackingNumber: d.id });
      await drain();
      expect(emailsTo(customer.email)).toEqual([]);
      clock.advance(backoffMs(1));
      await drain();
      expect(emailsTo(customer.email).map((m) => m.subject)).toEqual([`${d.orderId}: Approved`]);
    });

    it('lists a message that kept failing for admins, with its last error, and sends it again on retry', async () => {
      const customer = await customerWith({ emailUpdates: true, smsUpdates: false, emailEvents: ['approved'] });
      const d = await deliveryIn(t, 'pending', customer.id, null);
      t.mailer.failNext = OUTBOX_MAX_ATTEMPTS;
      await approveDelivery(t.app.services, { id: people.STAFF.id, role: 'STAFF' }, { idOrTrackingNumber: d.id });
      for (let i = 1; i <= OUTBOX_MAX_ATTEMPTS; i++) {
        await drain();
        clock.advance(backoffMs(i));
      }
      const admin = await t.bearer({ id: people.ADMIN.id, roleId: people.ADMIN.roleId });
      const list = await t.app.inject({ url: '/api/v1/admin/messages', headers: admin });
      expect(list.statusCode).toBe(200);
      const failed = list.json().data.find((m: { subject: string }) => m.subject === `${d.orderId}: Approved`);
      expect(failed).toMatchObject({ channel: 'email', recipient: customer.email, status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
      expect(failed.lastError).toBe('SMTP server unavailable');
      expect(failed).not.toHaveProperty('text');

      for (const who of [people.STAFF, people.MANAGER, people.CUSTOMER]) {
        const headers = await t.bearer(who);
        expect((await t.app.inject({ url: '/api/v1/admin/messages', headers })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/messages/${failed._id}/retry`, headers })).statusCode).toBe(403);
      }
      const retry = await t.app.inject({ method: 'POST', url: `/api/v1/admin/messages/${failed._id}/retry`, headers: admin });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ success: true, data: { status: 'pending', attempts: 0 } });
      await drain();
      expect(emailsTo(customer.email).map((m) => m.subject)).toEqual([`${d.orderId}: Approved`]);
      const again = await t.app.inject({ method: 'POST', url: `/api/v1/admin/messages/${failed._id}/retry`, headers: admin });
      expect(again.statusCode).toBe(409);
      const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/admin/messages/nope/retry', headers: admin });
      expect(unknown.statusCode).toBe(404);
    });
  });
});
