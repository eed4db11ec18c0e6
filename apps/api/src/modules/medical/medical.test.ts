import { RECEIPT_COMMENT_REQUIRED, STABILITY_WARNING } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries, notifications, temperatureReadings, webhookMessages } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { listCustodyEvents, verifyCustodyChain } from '../deliveries/custody.js';
import { pdfText, validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew, deliveryIn, proofForm, signaturePng } from '../dispatch/operations-test-kit.js';

const HOUR = 3_600_000;
const PACKED = {
  leakProofPrimary: true,
  absorbent: true,
  secondaryContainer: true,
  rigidOuter: true,
  un3373Mark: true,
  responsiblePersonOnOuter: true,
};

describe('medical handling', () => {
  const clock = fixedClock(new Date());
  const t = useTestApp({ clock });
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });

  const book = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: people.CUSTOMER.auth,
      payload: { ...validDeliveryForm(), requiredBy: new Date(clock.now().getTime() + 72 * HOUR).toISOString(), ...payload },
    });
  const status = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/status`, headers: people.DRIVER.auth, payload });
  const reading = (id: string, celsius: number) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/temperature`, headers: people.DRIVER.auth, payload: { celsius } });
  const log = (id: string, csv: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${id}/temperature-log`,
      headers: { ...people.DRIVER.auth, 'content-type': 'text/csv' },
      payload: csv,
    });
  const pod = async (id: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${id}/pod`,
      headers: people.DRIVER.auth,
      payload: proofForm({ recipientName: 'R. Lee', ...fields }, { signature: await signaturePng() }) as never,
    });
  const disposition = (id: string, who: { auth: Record<string, string> }, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/deliveries/${id}/disposition`, headers: who.auth, payload });
  /** The outbox sends in batches: drain until nothing more goes out. */
  const allSent = async () => {
    for (let before = -1; before !== t.mailer.sent.length; ) {
      before = t.mailer.sent.length;
      await t.sentEmails();
    }
    return t.mailer.sent;
  };
  const rowOf = async (id: string) => (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];
  // Booked six hours ago, so its pickup (two steps of 30 minutes before in transit) lies in the past.
  const fridge = (s: 'picked_up' | 'in_transit' | 'moving_to_pickup_location' | 'delivered', extra = {}) =>
    deliveryIn(t, s, people.CUSTOMER.id, people.DRIVER.id, {
      createdAt: new Date(clock.now().getTime() - 6 * HOUR),
      handling: { temperature: 'refrigerated' },
      ...extra,
    });

  describe('booking', () => {
    it('answers routine, ambient handling with nothing recorded when a booking asks for none', async () => {
      const res = await book({});
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        priority: 'routine',
        temperature: 'ambient',
        specimen: null,
        stabilityDeadline: null,
        controlledSubstance: false,
        temperatureReadings: [],
        hold: null,
        receipt: null,
      });
    });

    it('books a refrigerated STAT specimen and answers its stability deadline (collected at + stable for hours)', async () => {
      const collectedAt = new Date(clock.now().getTime() - HOUR);
      const res = await book({
        packageType: 'specimen',
        priority: 'stat',
        temperature: 'refrigerated',
        specimen: { category: 'UN3373', collectedAt: collectedAt.toISOString(), stableForHours: 48 },
      });
      expect(res.statusCode).toBe(201);
      const deadline = new Date(collectedAt.getTime() + 48 * HOUR).toISOString();
      expect(res.json().data).toMatchObject({
        packageType: 'SPECIMEN',
        priority: 'stat',
        temperature: 'refrigerated',
        specimen: { category: 'UN3373', stableForHours: 48, stabilityDeadline: deadline },
        stabilityDeadline: deadline,
      });
    });

    it('refuses a specimen already past its stability deadline, naming specimen.collectedAt', async () => {
      const res = await book({
        packageType: 'SPECIMEN',
        specimen: { category: 'exempt', collectedAt: new Date(clock.now().getTime() - 10 * HOUR).toISOString(), stableForHours: 4 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'specimen.collectedAt' });
    });

    it('books a specimen whose deadline falls before the estimate, with a warning', async () => {
      const res = await book({
        packageType: 'SPECIMEN',
        deliveryType: 'STANDARD',
        specimen: { category: 'exempt', collectedAt: clock.now().toISOString(), stableForHours: 2 },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().warning).toContain(STABILITY_WARNING);
    });

    it('refuses a controlled substance that is not medication, a specimen without its details, and an unknown class', async () => {
      const controlled = await book({ packageType: 'PARCEL', controlledSubstance: true });
      expect(controlled.statusCode).toBe(400);
      expect(controlled.json().field).toBe('controlledSubstance');
      const bare = await book({ packageType: 'SPECIMEN' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().field).toBe('specimen');
      const hot = await book({ temperature: 'warm' });
      expect(hot.statusCode).toBe(400);
      expect(hot.json().field).toBe('temperature');
      const ok = await book({ packageType: 'MEDICATION', controlledSubstance: true });
      expect(ok.json().data.controlledSubstance).toBe(true);
    });
  });

  describe('the driver’s steps', () => {
    it('needs the temperature at pickup of a temperature-controlled parcel and the whole UN3373 checklist', async () => {
      const d = await fridge('moving_to_pickup_location', {
        packageType: 'SPECIMEN',
        handling: {
          temperature: 'refrigerated',
          specimenCategory: 'UN3373',
          specimenCollectedAt: new Date(),
          specimenStableHours: 24,
          stabilityDeadline: new Date(Date.now() + 24 * HOUR),
        },
      });
      const noTemp = await status(d.id, { status: 'picked_up', scannedOrderId: d.orderId, packaging: PACKED });
      expect(noTemp.statusCode).toBe(400);
      expect(noTemp.json().field).toBe('temperatureC');
      const unticked = await status(d.id, {
        status: 'picked_up',
        scannedOrderId: d.orderId,
        temperatureC: 4.1,
        packaging: { ...PACKED, absorbent: false },
      });
      expect(unticked.statusCode).toBe(400);
      expect(unticked.json().field).toBe('packaging.absorbent');
      expect((await rowOf(d.id)).status).toBe('moving_to_pickup_location');

      const ok = await status(d.id, { status: 'picked_up', scannedOrderId: d.orderId, temperatureC: 4.1, packaging: PACKED });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.temperatureReadings).toEqual([expect.objectContaining({ celsius: 4.1, source: 'probe', inRange: true })]);
      const kinds = (await listCustodyEvents(t.db, d.id)).map((e) => e.kind);
      // The pickup, its checklist and reading, then the one piece's scan.
      expect(kinds.slice(-4)).toEqual([null, 'checklist', 'temperature', 'piece']);
    });

    it('holds the parcel at once on a reading out of range, tells staff and the owner, and refuses delivery with 409', async () => {
      const d = await fridge('in_transit');
      expect((await reading(d.id, 4.1)).json().data.hold).toBeNull();
      const out = await reading(d.id, 9.5);
      expect(out.statusCode).toBe(200);
      expect(out.json().data.hold).toMatchObject({ reason: 'temperature' });
      expect(out.json().data.temperatureReadings.map((r: { inRange: boolean }) => r.inRange)).toEqual([true, false]);

      const staffNotice = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, people.STAFF.id), eq(notifications.deliveryId, d.id)));
      expect(staffNotice.map((n) => n.title)).toContain('Delivery on hold');
      const ownerNotice = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, people.CUSTOMER.id), eq(notifications.deliveryId, d.id)));
      expect(ownerNotice.map((n) => n.title)).toContain('Delivery on hold');
      expect((await allSent()).some((m) => m.to === people.CUSTOMER.email && m.subject === `${d.orderId}: Delivery on hold`)).toBe(true);

      const refused = await pod(d.id, { temperatureC: '5' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/on hold/);
      expect((await rowOf(d.id)).status).toBe('in_transit');

      const tracking = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/track/${d.orderId}` });
      expect(tracking.json().data.onHold).toBe(true);
      expect(JSON.stringify(tracking.json())).not.toMatch(/celsius|temperature/i);
    });

    it('refuses a disposition from a STAFF account; a MANAGER continues it and the driver delivers with 5.0 °C', async () => {
      const d = await fridge('in_transit');
      await reading(d.id, 12);
      const bare = await disposition(d.id, people.MANAGER, { action: 'continue' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().field).toBe('note');
      const staff = await disposition(d.id, people.STAFF, { action: 'continue', note: 'Cooler checked' });
      expect(staff.statusCode).toBe(403);
      const manager = await disposition(d.id, people.MANAGER, { action: 'continue', note: 'Cooler checked, sample fine' });
      expect(manager.statusCode).toBe(200);
      expect(manager.json().data).toMatchObject({ hold: null, disposition: { action: 'continue', note: 'Cooler checked, sample fine' } });
      const again = await disposition(d.id, people.MANAGER, { action: 'continue', note: 'x' });
      expect(again.statusCode).toBe(409);

      const noTemp = await pod(d.id, {});
      expect(noTemp.statusCode).toBe(400);
      expect(noTemp.json().field).toBe('temperatureC');
      const done = await pod(d.id, { temperatureC: '5.0' });
      expect(done.statusCode).toBe(200);
      expect(done.json().data.status).toBe('delivered');
      expect(done.json().data.temperatureReadings.at(-1)).toMatchObject({ celsius: 5, inRange: true });
      const events = await listCustodyEvents(t.db, d.id);
      expect(verifyCustodyChain(events).valid).toBe(true);
      expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['temperature', 'hold', 'disposition']));
    });

    it('refuses a hand-over with an out-of-range temperature: the reading and the hold are kept, nothing delivered', async () => {
      const d = await fridge('in_transit');
      const res = await pod(d.id, { temperatureC: '11' });
      expect(res.statusCode).toBe(409);
      const row = await rowOf(d.id);
      expect(row.status).toBe('in_transit');
      expect(row.holdSince).not.toBeNull();
      expect(await t.db.select().from(temperatureReadings).where(eq(temperatureReadings.deliveryId, d.id))).toHaveLength(1);
    });

    it('discards a held parcel: the trip ends as cancelled with the reason', async () => {
      const d = await fridge('picked_up');
      await reading(d.id, -3);
      const res = await disposition(d.id, people.ADMIN, { action: 'discard', note: 'Frozen solid' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'cancelled', hold: null, disposition: { action: 'discard' } });
      expect(res.json().data.cancelReason).toContain('Frozen solid');
    });

    it('returns a held parcel to the sender through the return leg; the hold does not block the hand-back', async () => {
      const d = await fridge('in_transit');
      await reading(d.id, 15);
      const res = await disposition(d.id, people.MANAGER, { action: 'return', note: 'Warm: back to the lab' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'returning',
        hold: null,
        disposition: { action: 'return', note: 'Warm: back to the lab' },
      });
      // Another excursion on the way back holds it again, but the sender may still take it back.
      await reading(d.id, 16);
      expect((await rowOf(d.id)).holdSince).not.toBeNull();
      const back = await pod(d.id, {});
      expect(back.statusCode).toBe(200);
      expect(back.json().data.status).toBe('returned');
      const events = await listCustodyEvents(t.db, d.id);
      expect(verifyCustodyChain(events).valid).toBe(true);
      expect(events.find((e) => e.kind === 'disposition')?.note).toContain('Return to sender');
    });

    it('stops every move of a held parcel towards the recipient (in transit, an attempt, another driver) until a manager decides', async () => {
      const d = await fridge('picked_up');
      await reading(d.id, 14);
      const onward = await status(d.id, { status: 'in_transit' });
      expect(onward.statusCode).toBe(409);
      expect(onward.json().message).toMatch(/on hold/);
      const other = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/deliveries/${d.id}/assign`,
        headers: people.STAFF.auth,
        payload: { driverId: people.otherDriver.id },
      });
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toMatch(/on hold/);
      expect(await rowOf(d.id)).toMatchObject({ status: 'picked_up', driverId: people.DRIVER.id });

      const moving = await fridge('in_transit');
      await reading(moving.id, 14);
      const attempt = await status(moving.id, { status: 'failed_attempt', reason: 'recipient_absent' });
      expect(attempt.statusCode).toBe(409);
      expect(attempt.json().message).toMatch(/on hold/);
      expect((await rowOf(moving.id)).status).toBe('in_transit');

      // The manager's decision is the way on: here the return leg, which lifts the hold.
      const back = await disposition(d.id, people.MANAGER, { action: 'return', note: 'Too warm' });
      expect(back.statusCode).toBe(200);
      expect(back.json().data).toMatchObject({ status: 'returning', hold: null });
    });

    it('takes a data logger’s CSV, naming the line of a bad row and keeping nothing then', async () => {
      const d = await fridge('in_transit');
      const bad = await log(d.id, 'time,celsius\n2026-03-02T10:00:00Z,4.0\n\n2026-03-02T10:05:00Z,warm\n');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'line 4' });
      expect(bad.json().message).toMatch(/^line 4: /);
      expect(await t.db.select().from(temperatureReadings).where(eq(temperatureReadings.deliveryId, d.id))).toHaveLength(0);

      const start = clock.now().getTime() - HOUR;
      const rows = Array.from({ length: 30 }, (_, i) => `${new Date(start + i * 60_000).toISOString()},${(3 + (i % 4)).toFixed(1)}`);
      const ok = await log(d.id, `time,celsius\n${rows.join('\n')}\n`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.temperatureReadings).toHaveLength(30);
      expect(ok.json().data.temperatureReadings.every((r: { source: string }) => r.source === 'logger')).toBe(true);
      expect(ok.json().data.hold).toBeNull();
      expect((await listCustodyEvents(t.db, d.id)).at(-1)).toMatchObject({ kind: 'logger' });

      const tooMany = await log(d.id, Array.from({ length: 10_001 }, () => '2026-03-02T10:00:00Z,4').join('\n'));
      expect(tooMany.statusCode).toBe(400);
      const notOnBoard = await log((await fridge('moving_to_pickup_location')).id, rows.join('\n'));
      expect(notOnBoard.statusCode).toBe(409);
    });

    it('replays the first answer to a retried probe reading without `at` (same Idempotency-Key), recording it once', async () => {
      const d = await fridge('in_transit');
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/driver/deliveries/${d.id}/temperature`,
          headers: { ...people.DRIVER.auth, 'idempotency-key': `probe-${d.id}` },
          payload: { celsius: 4.2 },
        });
      const first = await send();
      expect(first.statusCode).toBe(200);
      clock.advance(30_000); // the retry comes later: `at` would default to another now
      const retry = await send();
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await t.db.select().from(temperatureReadings).where(eq(temperatureReadings.deliveryId, d.id))).toHaveLength(1);
    });

    it('refuses a reading dated before the pickup or in the future with 422 naming `at`, and a logger row naming its line', async () => {
      const d = await fridge('in_transit');
      const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, d.id));
      const pickedUpAt = row.pickedUpAt?.getTime() ?? 0;
      expect(pickedUpAt).toBeGreaterThan(0);
      const probe = (at: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/driver/deliveries/${d.id}/temperature`,
          headers: people.DRIVER.auth,
          payload: { celsius: 4, at },
        });
      for (const at of [
        '1970-01-01T00:00:00.000Z',
        new Date(pickedUpAt - 10 * 60_000).toISOString(),
        new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
      ]) {
        const refused = await probe(at);
        expect(refused.statusCode, at).toBe(422);
        expect(refused.json()).toMatchObject({ success: false, error: 'READING_TIME_REFUSED', field: 'at' });
      }
      // Within the trip, and a phone clock a minute ahead of ours, are fine.
      expect((await probe(new Date(pickedUpAt + 60_000).toISOString())).statusCode).toBe(200);
      expect((await probe(new Date(clock.now().getTime() + 60_000).toISOString())).statusCode).toBe(200);

      const inTrip = new Date(pickedUpAt + 5 * 60_000).toISOString();
      const backDated = await log(d.id, `time,celsius\n${inTrip},4.0\n\n1970-01-01T00:00:00Z,4.1\n`);
      expect(backDated.statusCode).toBe(422);
      expect(backDated.json()).toMatchObject({ error: 'READING_TIME_REFUSED', field: 'line 4' });
      expect(backDated.json().message).toMatch(/^line 4: /);
      const ahead = await log(d.id, `${inTrip},4.0\n${new Date(clock.now().getTime() + HOUR).toISOString()},4.1\n`);
      expect(ahead.json()).toMatchObject({ error: 'READING_TIME_REFUSED', field: 'line 2' });

      const kept = await t.db.select().from(temperatureReadings).where(eq(temperatureReadings.deliveryId, d.id));
      expect(kept.map((r) => r.at.getTime()).sort()).toEqual([pickedUpAt + 60_000, clock.now().getTime() + 60_000]);
      const notes = (await listCustodyEvents(t.db, d.id)).map((e) => e.note).join('\n');
      expect(notes).not.toMatch(/1970/);
    });

    it('hands over a controlled substance only with an ID check, keeping the ID’s type and last 4 only', async () => {
      const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id, {
        packageType: 'MEDICATION',
        handling: { controlledSubstance: true },
      });
      const noId = await pod(d.id, {});
      expect(noId.statusCode).toBe(400);
      expect(noId.json().field).toBe('idType');
      const whole = await pod(d.id, { idType: 'driver_license', idLast4: 'S1234567', idName: 'Robin Lee', relationship: 'patient' });
      expect(whole.statusCode).toBe(400);
      expect(whole.json().field).toBe('idLast4');
      const noRelation = await pod(d.id, { idType: 'driver_license', idLast4: '4567', idName: 'Robin Lee' });
      expect(noRelation.json().field).toBe('relationship');
      const ok = await pod(d.id, { idType: 'driver_license', idLast4: '4567', idName: 'Robin Lee', relationship: 'caregiver' });
      expect(ok.statusCode).toBe(200);
      const idEvent = (await listCustodyEvents(t.db, d.id)).find((e) => e.kind === 'id_check');
      expect(idEvent?.note).toBe("ID checked: Driver's license ending 4567");
    });
  });

  describe('the receiving end', () => {
    const receiptLink = async (orderId: string) => {
      const mail = (await allSent()).findLast((m) => m.text.includes(orderId) && m.text.includes('/receive/'));
      const token = mail?.text.match(/\/receive\/([A-Za-z0-9_.-]+)/)?.[1];
      if (!token) throw new Error('no receipt link');
      return token;
    };

    it('e-mails the recipient a receipt link that works once: accepted, then 409', async () => {
      const d = await fridge('in_transit');
      expect((await pod(d.id, { temperatureC: '4' })).statusCode).toBe(200);
      const token = await receiptLink(d.orderId);
      const page = await t.app.inject({ method: 'GET', url: `/api/v1/receipts/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.json().data).toMatchObject({ orderId: d.orderId, temperature: 'refrigerated', receipt: null });
      expect(JSON.stringify(page.json())).not.toContain('Jordan');

      const post = (payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/receipts/${token}`, payload });
      const noName = await post({ status: 'accepted' });
      expect(noName.json().field).toBe('receivedBy');
      const ok = await post({ status: 'accepted', receivedBy: 'Lab tech Ana' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.receipt).toMatchObject({
        status: 'accepted',
        receivedBy: 'Lab tech Ana',
        receivedAt: clock.now().toISOString(),
      });
      expect((await post({ status: 'rejected', reason: 'leaking', receivedBy: 'Someone' })).statusCode).toBe(409);
      const owner = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${d.id}`, headers: people.CUSTOMER.auth });
      expect(owner.json().data.receipt).toMatchObject({ status: 'accepted' });
      expect((await listCustodyEvents(t.db, d.id)).at(-1)).toMatchObject({ kind: 'receipt', actorRole: 'RECEIVER' });
    });

    it('refuses a forged or expired receipt link; a rejection flags the delivery for dispatch and tells the owner', async () => {
      const d = await fridge('in_transit');
      await pod(d.id, { temperatureC: '4' });
      const token = await receiptLink(d.orderId);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/receipts/${token}x` })).statusCode).toBe(404);
      const noReason = await t.app.inject({
        method: 'POST',
        url: `/api/v1/receipts/${token}`,
        payload: { status: 'rejected', receivedBy: 'Ana' },
      });
      expect(noReason.json().field).toBe('reason');
      const rejected = await t.app.inject({
        method: 'POST',
        url: `/api/v1/receipts/${token}`,
        payload: { status: 'rejected', reason: 'temperature', receivedBy: 'Ana' },
      });
      expect(rejected.statusCode).toBe(200);
      const board = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/deliveries?handling=rejected&limit=80',
        headers: people.STAFF.auth,
      });
      expect(board.json().deliveries.map((x: { _id: string }) => x._id)).toContain(d.id);
      expect((await allSent()).some((m) => m.to === people.CUSTOMER.email && m.subject === `${d.orderId}: Receipt rejected`)).toBe(true);

      const later = await fridge('in_transit');
      await pod(later.id, { temperatureC: '4' });
      const laterToken = await receiptLink(later.orderId);
      clock.advance(7 * 24 * HOUR + 60_000);
      try {
        const expired = await t.app.inject({ method: 'GET', url: `/api/v1/receipts/${laterToken}` });
        expect(expired.statusCode).toBe(404);
        expect(expired.json().message).toMatch(/expired/);
      } finally {
        clock.set(new Date());
      }
    });

    it('takes a laboratory reason and a comment ("other" needs one), returns them and prints the comment on the custody PDF', async () => {
      const d = await fridge('in_transit');
      await pod(d.id, { temperatureC: '4' });
      const token = await receiptLink(d.orderId);
      const post = (payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/receipts/${token}`, payload });
      const unknown = await post({ status: 'rejected', reason: 'clotted', receivedBy: 'Ana' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().field).toBe('reason');
      const bare = await post({ status: 'rejected', reason: 'other', receivedBy: 'Ana' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().errors[0]).toEqual({ field: 'comment', message: RECEIPT_COMMENT_REQUIRED });
      expect((await post({ status: 'rejected', reason: 'other', comment: '   ', receivedBy: 'Ana' })).json().field).toBe('comment');
      const ok = await post({ status: 'rejected', reason: 'haemolysed', comment: 'Visibly pink serum, tube 2 of 3', receivedBy: 'Ana' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.receipt).toMatchObject({
        status: 'rejected',
        reason: 'haemolysed',
        comment: 'Visibly pink serum, tube 2 of 3',
      });
      const owner = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${d.id}`, headers: people.CUSTOMER.auth });
      expect(owner.json().data.receipt).toMatchObject({ reason: 'haemolysed', comment: 'Visibly pink serum, tube 2 of 3' });
      expect((await listCustodyEvents(t.db, d.id)).at(-1)?.note).toBe(
        'Receipt: REJECTED by Ana (Haemolysed): Visibly pink serum, tube 2 of 3',
      );
      const report = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/deliveries/${d.id}/custody/report`,
        headers: people.STAFF.auth,
      });
      expect(pdfText(report.rawPayload)).toContain('Receipt: REJECTED by Ana (Haemolysed): Visibly pink serum, tube 2 of 3');

      const other = await fridge('delivered');
      const staff = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/deliveries/${other.id}/receipt`,
        headers: people.STAFF.auth,
        payload: { status: 'rejected', reason: 'other', comment: 'Cap cracked', receivedBy: 'Front desk (by phone)' },
      });
      expect(staff.statusCode).toBe(200);
      expect(staff.json().data.receipt).toMatchObject({ reason: 'other', comment: 'Cap cracked' });
    });

    it('lets staff record a receipt the lab phoned in', async () => {
      const d = await fridge('delivered');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/deliveries/${d.id}/receipt`,
        headers: people.STAFF.auth,
        payload: { status: 'accepted', receivedBy: 'Front desk (by phone)' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.receipt).toMatchObject({ status: 'accepted' });
    });
  });

  describe('webhooks', () => {
    it('tells the customer\u2019s endpoint of a hold and a rejection (delivery.exception) and of every receipt (delivery.receipt)', async () => {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: people.CUSTOMER.auth,
        payload: { url: 'http://127.0.0.1:9/medical-hooks', eventTypes: ['delivery.exception', 'delivery.receipt'] },
      });
      expect(made.statusCode).toBe(201);
      const endpointId = made.json().data._id as string;
      const eventsOf = async (deliveryId: string) =>
        (await t.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpointId)))
          .filter((m) => (m.payload as { data: { id: string } }).data.id === deliveryId)
          .map((m) => m.eventType);

      const held = await fridge('in_transit');
      expect((await reading(held.id, 4.1)).statusCode).toBe(200);
      expect(await eventsOf(held.id)).toEqual([]);
      expect((await reading(held.id, 9.5)).statusCode).toBe(200);
      expect(await eventsOf(held.id)).toEqual(['delivery.exception']);

      const rejected = await fridge('delivered');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/deliveries/${rejected.id}/receipt`,
        headers: people.STAFF.auth,
        payload: { status: 'rejected', reason: 'leaking', receivedBy: 'Lab intake' },
      });
      expect(res.statusCode).toBe(200);
      expect((await eventsOf(rejected.id)).sort()).toEqual(['delivery.exception', 'delivery.receipt']);
    });
  });

  describe('dispatch', () => {
    it('lists STAT first within its order and filters by handling', async () => {
      const routine = await deliveryIn(t, 'pending', people.otherCustomer.id, null, { requiredBy: new Date(Date.now() + HOUR) });
      const stat = await deliveryIn(t, 'pending', people.otherCustomer.id, null, {
        requiredBy: new Date(Date.now() + 30 * HOUR),
        handling: { priority: 'stat' },
      });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/deliveries?status=pending&limit=80',
        headers: people.STAFF.auth,
      });
      const ids = res.json().deliveries.map((x: { _id: string }) => x._id);
      expect(ids.indexOf(stat.id)).toBeLessThan(ids.indexOf(routine.id));
      const onlyStat = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/deliveries?handling=stat&limit=80',
        headers: people.STAFF.auth,
      });
      expect(onlyStat.json().deliveries.every((x: { priority: string }) => x.priority === 'stat')).toBe(true);
      const bad = await t.app.inject({ method: 'GET', url: '/api/v1/admin/deliveries?handling=hot', headers: people.STAFF.auth });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('handling');
    });

    it('answers pick-up-by (approval + 60 min) on a STAT once approved', async () => {
      const d = await deliveryIn(t, 'pending', people.CUSTOMER.id, null, { handling: { priority: 'stat' } });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/deliveries/${d.id}/approve`,
        headers: people.STAFF.auth,
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.pickUpBy).toBe(new Date(clock.now().getTime() + 60 * 60_000).toISOString());
    });

    it('prints the readings, hold, disposition and receipt in the custody report, and the chain verifies', async () => {
      const d = await fridge('in_transit');
      await reading(d.id, 4.1);
      await reading(d.id, 9.5);
      await disposition(d.id, people.MANAGER, { action: 'continue', note: 'Repacked with fresh ice' });
      await pod(d.id, { temperatureC: '5.0' });
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/deliveries/${d.id}/receipt`,
        headers: people.STAFF.auth,
        payload: { status: 'accepted', receivedBy: 'Lab' },
      });
      const custody = await t.app.inject({ method: 'GET', url: `/api/v1/admin/deliveries/${d.id}/custody`, headers: people.STAFF.auth });
      expect(custody.json().data.verdict.valid).toBe(true);
      const report = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/deliveries/${d.id}/custody/report`,
        headers: people.STAFF.auth,
      });
      const text = pdfText(report.rawPayload);
      for (const words of [
        '4.1 °C',
        '9.5 °C',
        'On hold for temperature',
        'Repacked with fresh ice',
        '5.0 °C',
        'received in good condition',
      ])
        expect(text).toContain(words);
    });
  });

  it('prints the handling marks large on the label: STAT, the class, the UN3373 diamond with the responsible person, ID CHECK', async () => {
    const d = await deliveryIn(t, 'approved', people.CUSTOMER.id, null, {
      packageType: 'SPECIMEN',
      handling: { priority: 'stat', temperature: 'refrigerated', specimenCategory: 'UN3373', controlledSubstance: true },
    });
    const label = await t.app.inject({ url: `/api/v1/deliveries/${d.id}/label`, headers: people.CUSTOMER.auth });
    expect(label.statusCode).toBe(200);
    const pdf = await t.app.inject(label.json().data.pdfUrl);
    const text = pdfText(pdf.rawPayload);
    for (const words of [
      'STAT',
      'REFRIGERATE 2-8 °C',
      'UN3373',
      'BIOLOGICAL SUBSTANCE, CATEGORY B',
      'Responsible person: customer',
      'ID CHECK REQUIRED',
    ])
      expect(text).toContain(words);
    if (process.env.LABEL_OUT) (await import('node:fs')).writeFileSync(process.env.LABEL_OUT, pdf.rawPayload);
    const plain = await deliveryIn(t, 'approved', people.CUSTOMER.id, null);
    const plainLabel = await t.app.inject({ url: `/api/v1/deliveries/${plain.id}/label`, headers: people.CUSTOMER.auth });
    expect(pdfText((await t.app.inject(plainLabel.json().data.pdfUrl)).rawPayload)).not.toContain('HANDLING');
  });

  it('writes an audit row for each disposition', async () => {
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'delivery.disposition'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
