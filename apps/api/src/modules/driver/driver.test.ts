import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries, driverLocations, idempotencyKeys, proofsOfDelivery } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { listCustodyEvents } from '../deliveries/custody.js';
import { jpegWithExif } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew, deliveryIn, proofForm, signaturePng } from '../dispatch/operations-test-kit.js';

describe('the driver’s calls', () => {
  const t = useTestApp();
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });

  const status = (id: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${id}/status`,
      headers: { ...people.DRIVER.auth, ...headers },
      payload,
    });
  const pod = (id: string, form: FormData, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${id}/pod`,
      headers: { ...people.DRIVER.auth, ...headers },
      payload: form as never,
    });
  const rowOf = async (id: string) => (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];

  it('lists only the caller’s open jobs, parcels on board first, with the phones and addresses the run needs', async () => {
    const later = new Date(Date.now() + 10 * 3_600_000);
    const sooner = new Date(Date.now() + 2 * 3_600_000);
    const a = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id, { requiredBy: later });
    const b = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id, { requiredBy: sooner });
    const c = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id, { requiredBy: later });
    await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.otherDriver.id);
    await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people.DRIVER.auth });
    expect(res.statusCode).toBe(200);
    const jobs = res.json().data as Array<{ _id: string; routeOrder: number; recipientPhone: string; nextStatus: string }>;
    expect(jobs.map((j) => j._id)).toEqual([c.id, b.id, a.id]);
    expect(jobs.map((j) => j.routeOrder)).toEqual([1, 2, 3]);
    expect(jobs[0]).toMatchObject({ recipientPhone: '+16175550199', nextStatus: 'delivered', requiresSignature: true });
    expect(jobs[1].nextStatus).toBe('moving_to_pickup_location');
  });

  it('refuses a pickup without the scanned tracking number, or with another parcel’s, changing nothing', async () => {
    const d = await deliveryIn(t, 'moving_to_pickup_location', people.CUSTOMER.id, people.DRIVER.id);
    const missing = await status(d.id, { status: 'picked_up' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'scannedOrderId' });
    const other = await deliveryIn(t, 'pending', people.CUSTOMER.id, null);
    const wrong = await status(d.id, { status: 'picked_up', scannedOrderId: other.orderId });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(/not this delivery's/);
    expect((await rowOf(d.id)).status).toBe('moving_to_pickup_location');
    // The wrong scan is on record for dispatch, with what was scanned.
    const [mismatch] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'delivery.pickup_scan_mismatch'));
    expect(mismatch).toMatchObject({ actorId: people.DRIVER.id, targetType: 'delivery', targetId: d.id });
    expect(mismatch.details).toEqual({ orderId: d.orderId, scannedOrderId: other.orderId });
    const right = await status(d.id, {
      status: 'picked_up',
      scannedOrderId: d.orderId.toLowerCase(),
      location: { lat: 42.36, lng: -71.06 },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ status: 'picked_up', nextStatus: 'in_transit' });
    expect((await listCustodyEvents(t.db, d.id)).at(-1)).toMatchObject({
      status: 'picked_up',
      actorId: people.DRIVER.id,
      locationLabel: 'Boston, MA',
    });
    const recipientMail = (await t.sentEmails()).find((m) => m.to === 'jordan.lee@example.test' && m.text.includes(`/track/${d.orderId}`));
    expect(recipientMail).toBeDefined();
  });

  it('does not let a driver move a job that is not theirs, nor reach delivered without the proof call', async () => {
    const theirs = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.otherDriver.id);
    expect((await status(theirs.id, { status: 'moving_to_pickup_location' })).statusCode).toBe(404);
    const mine = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    const direct = await status(mine.id, { status: 'delivered' });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().message).toMatch(/^status: /);
  });

  it('applies a retried move with the same Idempotency-Key once and answers the retry like the first call', async () => {
    const d = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    const key = { 'idempotency-key': `k-${d.id}` };
    const first = await status(d.id, { status: 'moving_to_pickup_location' }, key);
    const retry = await status(d.id, { status: 'moving_to_pickup_location' }, key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await listCustodyEvents(t.db, d.id)).filter((e) => e.status === 'moving_to_pickup_location')).toHaveLength(1);
    const otherUse = await status(d.id, { status: 'picked_up', scannedOrderId: d.orderId }, key);
    expect(otherUse.statusCode).toBe(422);
    expect(otherUse.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' });
    expect((await rowOf(d.id)).status).toBe('moving_to_pickup_location');
    const withoutKey = await status(d.id, { status: 'moving_to_pickup_location' });
    expect(withoutKey.statusCode).toBe(409);
  });

  it('answers twenty parallel calls with one Idempotency-Key alike, applying the move once; another body with the key answers 422', async () => {
    const d = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    const key = { 'idempotency-key': `race-${d.id}` };
    const body = { status: 'moving_to_pickup_location', note: 'On my way' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => status(d.id, body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.json()).toEqual(answers[0].json());
    expect(answers[0].json().data).toMatchObject({ status: 'moving_to_pickup_location' });
    expect((await listCustodyEvents(t.db, d.id)).filter((e) => e.status === 'moving_to_pickup_location')).toHaveLength(1);
    // The same key and call with another body is not a retry: 422, nothing applied, the first answer kept.
    const otherBody = await status(d.id, { ...body, note: 'Running late' }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' });
    const retry = await status(d.id, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(answers[0].json());
  });

  it('delivers only with proof: a signature for medication, the recipient’s name, notes of at most 1000 characters', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id, { packageType: 'MEDICATION' });
    const photo = await jpegWithExif();
    const noSignature = await pod(d.id, proofForm({ recipientName: 'R. Lee' }, { photo }));
    expect(noSignature.statusCode).toBe(400);
    expect(noSignature.json().field).toBe('signature');
    const noName = await pod(d.id, proofForm({}, { photo, signature: await signaturePng() }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/^recipientName: /);
    const longNotes = await pod(d.id, proofForm({ recipientName: 'R. Lee', notes: 'x'.repeat(1001) }, { signature: await signaturePng() }));
    expect(longNotes.statusCode).toBe(400);
    const jpegSignature = await pod(d.id, proofForm({ recipientName: 'R. Lee' }, { signature: photo }));
    expect(jpegSignature.statusCode).toBe(415);
    expect((await rowOf(d.id)).status).toBe('in_transit');

    const key = { 'idempotency-key': `pod-${d.id}` };
    const done = await pod(
      d.id,
      proofForm({ recipientName: 'R. Lee', notes: 'At the front desk' }, { photo, signature: await signaturePng() }),
      key,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().data.pod).toMatchObject({ recipientName: 'R. Lee', notes: 'At the front desk' });
    const retry = await pod(
      d.id,
      proofForm({ recipientName: 'R. Lee', notes: 'At the front desk' }, { photo, signature: await signaturePng() }),
      key,
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(done.json());
    expect(await t.db.select().from(proofsOfDelivery).where(eq(proofsOfDelivery.deliveryId, d.id))).toHaveLength(1);
    expect((await listCustodyEvents(t.db, d.id)).filter((e) => e.status === 'delivered')).toHaveLength(1);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key['idempotency-key']))).toHaveLength(1);

    const owner = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${d.id}`, headers: people.CUSTOMER.auth });
    expect(owner.json().data.pod).toMatchObject({ recipientName: 'R. Lee' });
    expect(owner.json().data.pod.signature).toMatch(/\/api\/v1\/files\//);
    const mail = (await t.sentEmails()).find((m) => m.to === 'jordan.lee@example.test' && m.text.includes(`/track/${d.orderId}/feedback`));
    expect(mail).toBeDefined();
  });

  it('takes a photo alone for a document', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id, { packageType: 'DOCUMENT' });
    const res = await pod(d.id, proofForm({ recipientName: 'Front desk' }, { photo: await jpegWithExif() }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'delivered', pod: { signature: null } });
    const none = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id, { packageType: 'DOCUMENT' });
    const empty = await pod(none.id, proofForm({ recipientName: 'Front desk' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('photo');
  });

  it('keeps a position at most every 5 seconds, in range, as the current place of the parcels on board', async () => {
    const onBoard = await deliveryIn(t, 'picked_up', people.CUSTOMER.id, people.otherDriver.id);
    const waiting = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.otherDriver.id);
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/driver/location', headers: people.otherDriver.auth, payload });
    const outOfRange = await post({ lat: 91, lng: 0 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().message).toMatch(/^lat: /);
    const first = await post({ lat: 42.3601, lng: -71.0589 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ label: 'Boston, MA', parcelsOnBoard: 1, kept: true });
    // The phone's second fix a moment after sharing starts: answered with the kept position, not stored, not refused.
    const tooSoon = await post({ lat: 42.37, lng: -71.05 });
    expect(tooSoon.statusCode).toBe(200);
    expect(tooSoon.json().data).toEqual({ label: 'Boston, MA', at: first.json().data.at, parcelsOnBoard: 1, kept: false });
    expect((await rowOf(onBoard.id)).currentLabel).toBe('Boston, MA');
    expect((await rowOf(waiting.id)).currentLat).not.toBe(42.3601);
    const [kept] = await t.db.select().from(driverLocations).where(eq(driverLocations.driverId, people.otherDriver.id));
    expect(kept).toMatchObject({ lat: 42.3601, label: 'Boston, MA' });
  });

  it('refuses a driver’s position posts only beyond 20 a minute, far above the app’s cadence (every 30 s)', async () => {
    const post = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/driver/location', headers: people.DRIVER.auth, payload: { lat: 42.36, lng: -71.06 } });
    for (let i = 0; i < 20; i++) expect((await post()).statusCode, `post ${i + 1}`).toBe(200);
    const over = await post();
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
  });
});
