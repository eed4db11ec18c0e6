import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries, deliveryAttempts, deliveryReturns } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { listCustodyEvents } from '../deliveries/custody.js';
import { jpegWithExif } from '../deliveries/delivery-test-kit.js';
import { withinTransaction } from '../deliveries/move-delivery.js';
import { startReturn } from '../deliveries/start-return.js';
import { type Crew, crew, deliveryIn, proofForm, signaturePng } from './operations-test-kit.js';

const clock = fixedClock(new Date());
const hour = 3_600_000;

describe('failed attempts, re-attempts and returns to the sender', () => {
  const t = useTestApp({ clock });
  let people: Crew;
  // Access tokens last 15 minutes: after moving the clock on, sign the staff member in again.
  const signedInAgain = async (who: Crew['STAFF']) => ({ ...who, auth: await t.bearer(who) });

  beforeAll(async () => {
    people = await crew(t);
  });

  const status = (id: string, payload: object, who = people.DRIVER, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/status`, headers: { ...who.auth, ...headers }, payload });
  const pod = (id: string, form: FormData, who = people.DRIVER) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/pod`, headers: who.auth, payload: form as never });
  const admin = (id: string, action: 'reattempt' | 'return' | 'cancel', payload: object, who = people.STAFF) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/deliveries/${id}/${action}`, headers: who.auth, payload });
  const window = () => ({
    from: new Date(clock.now().getTime() + hour).toISOString(),
    to: new Date(clock.now().getTime() + 3 * hour).toISOString(),
  });
  const rowOf = async (id: string) => (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];
  const ownerView = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${id}`, headers: people.CUSTOMER.auth })).json().data;

  it('records a failed drop with its reason: the attempt, a custody event naming the reason code, the audit row and the messages', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    const noReason = await status(d.id, { status: 'failed_attempt' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'reason', error: 'BAD_REQUEST' });
    const badReason = await status(d.id, { status: 'failed_attempt', reason: 'dog' });
    expect(badReason.json().field).toBe('reason');
    const otherWithoutNote = await status(d.id, { status: 'failed_attempt', reason: 'other' });
    expect(otherWithoutNote.statusCode).toBe(400);
    expect(otherWithoutNote.json().field).toBe('note');
    expect((await rowOf(d.id)).status).toBe('in_transit');

    const res = await status(d.id, {
      status: 'failed_attempt',
      reason: 'recipient_absent',
      note: 'Rang twice',
      location: { lat: 42.34, lng: -71.1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'failed_attempt',
      nextStatus: null,
      attempts: [{ n: 1, reason: 'recipient_absent', note: 'Rang twice' }],
    });
    const last = (await listCustodyEvents(t.db, d.id)).at(-1)!;
    expect(last).toMatchObject({ status: 'failed_attempt', actorId: people.DRIVER.id });
    expect(last.note).toContain('[recipient_absent]');
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, d.id));
    expect(audit.map((a) => a.action)).toContain('delivery.attempt_failed');

    // Still on the driver's list (the parcel is on board) and in every delivery answer.
    const jobs = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people.DRIVER.auth });
    expect(jobs.json().data.map((j: { _id: string }) => j._id)).toContain(d.id);
    const owner = await ownerView(d.id);
    expect(owner.attempts).toEqual([
      expect.objectContaining({
        n: 1,
        reason: 'recipient_absent',
        photo: null,
        decision: null,
        driver: { _id: people.DRIVER.id, name: expect.any(String) },
      }),
    ]);
    const staff = await t.app.inject({ method: 'GET', url: `/api/v1/admin/deliveries/${d.id}`, headers: people.STAFF.auth });
    expect(staff.json().data.attempts).toHaveLength(1);

    const mails = await t.sentEmails();
    const toOwner = mails.find((m) => m.to === people.CUSTOMER.email && m.subject === `${d.orderId}: Delivery attempted`);
    expect(toOwner?.text).toContain('recipient absent');
    const toRecipient = mails.find((m) => m.to === 'jordan.lee@example.test' && m.subject === `${d.orderId}: We missed you`);
    expect(toRecipient?.text).toContain(`/track/${d.orderId}`);
    // No names, no contents in either.
    for (const m of [toOwner!, toRecipient!]) {
      expect(m.text).not.toContain('Jordan');
      expect(m.text).not.toMatch(/medication/i);
    }
  });

  it('applies a retried failed_attempt with the same Idempotency-Key once', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    const key = { 'idempotency-key': `fail-${d.id}` };
    const body = { status: 'failed_attempt', reason: 'access_denied' };
    const [first, retry] = [await status(d.id, body, people.DRIVER, key), await status(d.id, body, people.DRIVER, key)];
    expect(first.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await t.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, d.id))).toHaveLength(1);
    expect((await listCustodyEvents(t.db, d.id)).filter((e) => e.status === 'failed_attempt')).toHaveLength(1);
  });

  it("adds a photo to the driver's latest attempt, by the proof photos' rules", async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    const photoOf = (bytes: Buffer, type = 'image/jpeg', who = people.DRIVER) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'door.jpg');
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/driver/deliveries/${d.id}/attempt-photo`,
        headers: who.auth,
        payload: form as never,
      });
    };
    const before = await photoOf(await jpegWithExif());
    expect(before.statusCode).toBe(409);
    await status(d.id, { status: 'failed_attempt', reason: 'damaged' });
    const notImage = await photoOf(Buffer.from('not an image at all'), 'text/plain');
    expect(notImage.statusCode).toBe(415);
    const otherDriver = await photoOf(await jpegWithExif(), 'image/jpeg', people.otherDriver);
    expect(otherDriver.statusCode).toBe(404);
    const res = await photoOf(await jpegWithExif());
    expect(res.statusCode).toBe(200);
    const photo = res.json().data.attempts[0].photo as string;
    expect(photo).toMatch(/\/api\/v1\/files\//);
    expect((await ownerView(d.id)).attempts[0].photo).toMatch(/\/api\/v1\/files\//);
    const file = await t.app.inject({ method: 'GET', url: photo.replace(/^https?:\/\/[^/]+/, '') });
    expect(file.statusCode).toBe(200);
  });

  it('re-attempts with the same driver in a new window: back in transit, the estimate moved, the recipient told the window', async () => {
    const d = await deliveryIn(t, 'failed_attempt', people.CUSTOMER.id, people.DRIVER.id);
    const noWindow = await admin(d.id, 'reattempt', {});
    expect(noWindow.statusCode).toBe(400);
    expect(noWindow.json().field).toBe('window');
    const backwards = await admin(d.id, 'reattempt', { window: { from: window().to, to: window().from } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().field).toBe('window.to');
    const byDriver = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${d.id}/reattempt`,
      headers: people.DRIVER.auth,
      payload: { window: window() },
    });
    expect(byDriver.statusCode).toBe(403);

    const w = window();
    const res = await admin(d.id, 'reattempt', { window: w });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'in_transit', driver: { _id: people.DRIVER.id }, estimatedDelivery: w.to });
    expect(res.json().data.attempts[0]).toMatchObject({ decision: 'reattempt', nextWindow: w });
    const mails = await t.sentEmails();
    expect(
      mails.some(
        (m) => m.to === 'jordan.lee@example.test' && m.subject === `${d.orderId}: We missed you` && m.text.includes('next delivery window'),
      ),
    ).toBe(true);
    expect(mails.some((m) => m.to === people.CUSTOMER.email && m.subject === `${d.orderId}: New delivery attempt`)).toBe(true);
  });

  it('re-attempts with another driver, who collects the parcel from the first with a scan (a custody hand-over) and delivers', async () => {
    const d = await deliveryIn(t, 'failed_attempt', people.CUSTOMER.id, people.DRIVER.id, { packageType: 'DOCUMENT' });
    const res = await admin(d.id, 'reattempt', { driverId: people.otherDriver.id, window: window() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'assigned', driver: { _id: people.otherDriver.id } });
    const jobs = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people.otherDriver.auth });
    const job = jobs.json().data.find((j: { _id: string }) => j._id === d.id);
    expect(job.collectFrom).toMatch(/\S/);
    expect((await status(d.id, { status: 'moving_to_pickup_location' }, people.otherDriver)).statusCode).toBe(200);
    const wrongScan = await status(d.id, { status: 'picked_up', scannedOrderId: 'MC0000000000' }, people.otherDriver);
    expect(wrongScan.statusCode).toBe(409);
    expect((await status(d.id, { status: 'picked_up', scannedOrderId: d.orderId }, people.otherDriver)).statusCode).toBe(200);
    // The hand-over, then its one piece's scan.
    expect((await listCustodyEvents(t.db, d.id)).at(-2)?.note).toMatch(/custody hand-over/);
    expect((await status(d.id, { status: 'in_transit' }, people.otherDriver)).statusCode).toBe(200);
    const done = await pod(d.id, proofForm({ recipientName: 'Front desk' }, { photo: await jpegWithExif() }), people.otherDriver);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('delivered');
  });

  it('offers only a return past MAX_DELIVERY_ATTEMPTS, and ends the return with the hand-back proof at the sender', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    expect((await status(d.id, { status: 'failed_attempt', reason: 'recipient_absent' })).statusCode).toBe(200);
    expect((await admin(d.id, 'reattempt', { window: window() })).statusCode).toBe(200);
    expect((await status(d.id, { status: 'failed_attempt', reason: 'access_denied' })).statusCode).toBe(200);
    const third = await admin(d.id, 'reattempt', { window: window() });
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe('ATTEMPTS_EXHAUSTED');
    const noNote = await admin(d.id, 'return', {});
    expect(noNote.json().field).toBe('note');

    const back = await admin(d.id, 'return', { note: 'Two attempts failed' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'returning', estimatedDelivery: null });
    expect(back.json().data.attempts.map((a: { decision: string }) => a.decision)).toEqual(['reattempt', 'return']);
    // The driver's drop-off is now the sender's address, and the big button is the hand-back.
    const jobs = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people.DRIVER.auth });
    const job = jobs.json().data.find((j: { _id: string }) => j._id === d.id);
    expect(job).toMatchObject({ status: 'returning', nextStatus: 'returned', deliveryAddress: d.pickupAddress });

    // Medication comes back with a signature.
    const noSignature = await pod(d.id, proofForm({ recipientName: 'Pharmacy desk' }, { photo: await jpegWithExif() }));
    expect(noSignature.json().field).toBe('signature');
    const handBack = await pod(
      d.id,
      proofForm({ recipientName: 'Pharmacy desk', notes: 'Seal intact' }, { signature: await signaturePng() }),
    );
    expect(handBack.statusCode).toBe(200);
    expect(handBack.json().data.status).toBe('returned');
    expect(await t.db.select().from(deliveryReturns).where(eq(deliveryReturns.deliveryId, d.id))).toHaveLength(1);
    const owner = await ownerView(d.id);
    expect(owner).toMatchObject({ status: 'returned', pod: null, returnProof: { receivedBy: 'Pharmacy desk', notes: 'Seal intact' } });
    expect(owner.timeline.map((e: { status: string }) => e.status).slice(-5)).toEqual([
      'failed_attempt',
      'in_transit',
      'failed_attempt',
      'returning',
      'returned',
    ]);
    expect((await t.sentEmails()).some((m) => m.to === people.CUSTOMER.email && m.subject === `${d.orderId}: Returned to sender`)).toBe(
      true,
    );
    // Final: nothing moves it again.
    expect((await admin(d.id, 'reattempt', { window: window() })).statusCode).toBe(409);
    expect((await admin(d.id, 'return', { note: 'again' })).statusCode).toBe(409);
  });

  it('answers a race between a re-attempt and a return with one winner and one 409', async () => {
    for (let i = 0; i < 3; i++) {
      const d = await deliveryIn(t, 'failed_attempt', people.CUSTOMER.id, people.DRIVER.id);
      const results = await Promise.all([
        admin(d.id, 'reattempt', { window: window() }, people.STAFF),
        admin(d.id, 'return', { note: 'Sender wants it back' }, people.MANAGER),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const events = await listCustodyEvents(t.db, d.id);
      expect(events.slice(events.findLastIndex((e) => e.status === 'failed_attempt') + 1)).toHaveLength(1);
      const [attempt] = await t.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, d.id));
      expect(attempt.decision).toBe((await rowOf(d.id)).status === 'returning' ? 'return' : 'reattempt');
    }
  });

  it('turns a staff cancel after pickup into a return with the reason kept, never a silent cancelled', async () => {
    for (const from of ['picked_up', 'in_transit'] as const) {
      const d = await deliveryIn(t, from, people.CUSTOMER.id, people.DRIVER.id);
      const res = await admin(d.id, 'cancel', { reason: 'Clinic cancelled the order' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'returning', cancelReason: 'Clinic cancelled the order' });
      expect((await listCustodyEvents(t.db, d.id)).at(-1)?.note).toMatch(/Cancelled after pickup/);
    }
    const owner = await deliveryIn(t, 'picked_up', people.CUSTOMER.id, people.DRIVER.id);
    const byOwner = await t.app.inject({
      method: 'POST',
      url: `/api/v1/deliveries/${owner.id}/cancel`,
      headers: people.CUSTOMER.auth,
      payload: {},
    });
    expect(byOwner.statusCode).toBe(409);
  });

  it('starts a return inside another use case’s transaction, rolled back with it', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    const staff = { id: people.STAFF.id, role: 'STAFF' as const };
    await expect(
      t.db.transaction(async (tx) => {
        await startReturn(withinTransaction(t.app.services, tx), staff, { idOrTrackingNumber: d.id, note: 'Disposition: return' });
        expect((await tx.select().from(deliveries).where(eq(deliveries.id, d.id)))[0].status).toBe('returning');
        throw new Error('the disposition failed');
      }),
    ).rejects.toThrow('the disposition failed');
    expect((await rowOf(d.id)).status).toBe('in_transit');
    await t.db.transaction(async (tx) => {
      await startReturn(withinTransaction(t.app.services, tx), staff, { idOrTrackingNumber: d.orderId, note: 'Disposition: return' });
    });
    expect((await rowOf(d.id)).status).toBe('returning');
  });

  it('shows the public an attempt with its reason only when it is impersonal, then the return', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    await status(d.id, { status: 'failed_attempt', reason: 'wrong_address' });
    await admin(d.id, 'reattempt', { window: window() });
    await status(d.id, { status: 'failed_attempt', reason: 'refused', note: 'Said it was not theirs' });
    await admin(d.id, 'return', { note: 'Refused' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/track/${d.orderId}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'returning', estimatedDelivery: null });
    const attempts = data.timeline.filter((e: { status: string }) => e.status === 'failed_attempt');
    expect(attempts.map((e: { detail: string | null }) => e.detail)).toEqual(['Wrong address', null]);
    expect(JSON.stringify(data)).not.toMatch(/refused|not theirs/i);
  });

  it('queues the exceptions for dispatch and flags a failed attempt undecided for 30 minutes', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    await status(d.id, { status: 'failed_attempt', reason: 'unsafe_location' });
    let staff = people.STAFF;
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/deliveries?status=exceptions&limit=100', headers: staff.auth })).json()
        .deliveries;
    const fresh = (await list()).find((x: { _id: string }) => x._id === d.id);
    expect(fresh).toMatchObject({ status: 'failed_attempt', decisionLate: false, canReattempt: true });
    expect((await list()).every((x: { status: string }) => ['failed_attempt', 'returning'].includes(x.status))).toBe(true);
    clock.advance(31 * 60_000);
    staff = await signedInAgain(people.STAFF);
    expect((await list()).find((x: { _id: string }) => x._id === d.id)).toMatchObject({ decisionLate: true });
    const stats = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/stats', headers: staff.auth })).json().data;
    expect(stats.exceptionsLate).toBeGreaterThanOrEqual(1);
    expect(stats.exceptions).toBe(stats.byStatus.failed_attempt + stats.byStatus.returning);
  });
});

describe('first-attempt statistics', () => {
  const t = useTestApp();
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });

  it('answers firstAttemptRate, attemptsPerDelivery and returns overall, by day and by driver', async () => {
    const empty = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/stats', headers: people.STAFF.auth })).json().data;
    expect(empty).toMatchObject({ firstAttemptRate: null, attemptsPerDelivery: null, returns: 0, byDay: [], byDriver: [] });

    // Three delivered at the first attempt, one delivered at the second, one returned after one failed attempt.
    for (let i = 0; i < 3; i++) await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id);
    const second = await deliveryIn(t, 'failed_attempt', people.CUSTOMER.id, people.DRIVER.id);
    await t.db.update(deliveries).set({ status: 'delivered' }).where(eq(deliveries.id, second.id));
    await deliveryIn(t, 'returned', people.CUSTOMER.id, people.otherDriver.id);

    const stats = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/stats', headers: people.STAFF.auth })).json().data;
    // 3 of 5 ended at the first attempt; attempts 1+1+1+2+1 = 6 over 5.
    expect(stats).toMatchObject({ firstAttemptRate: 0.6, attemptsPerDelivery: 1.2, returns: 1 });
    const byDriver = Object.fromEntries(stats.byDriver.map((r: { driver: { _id: string } }) => [r.driver._id, r]));
    expect(byDriver[people.DRIVER.id]).toMatchObject({ firstAttemptRate: 0.75, attemptsPerDelivery: 1.25, returns: 0 });
    expect(byDriver[people.otherDriver.id]).toMatchObject({ firstAttemptRate: 0, attemptsPerDelivery: 1, returns: 1 });
    expect(stats.byDay.reduce((n: number, d: { returns: number }) => n + d.returns, 0)).toBe(1);
    expect(stats.byDay[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
