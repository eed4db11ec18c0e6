import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveries, discrepancies, notifications } from '../../db/schema/index.js';
import { receiptToken } from '../../shared/receipt-token.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { jpegWithExif, pdfText } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew, deliveryIn, proofForm, signaturePng } from '../dispatch/operations-test-kit.js';

const HOUR = 3_600_000;

describe('cases opened at a hand-over', () => {
  const clock = fixedClock(new Date('2026-03-02T15:00:00Z'));
  const t = useTestApp({ clock });
  let people: Crew;
  beforeAll(async () => {
    people = await crew(t);
  });

  const status = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/status`, headers: people.DRIVER.auth, payload });
  const casesOf = (deliveryId: string) => t.db.select().from(discrepancies).where(eq(discrepancies.deliveryId, deliveryId));
  /** The outbox sends in batches: drain until nothing more goes out. */
  const allSent = async () => {
    for (let before = -1; before !== t.mailer.sent.length; ) {
      before = t.mailer.sent.length;
      await t.sentEmails();
    }
    return t.mailer.sent;
  };
  const tablets = () =>
    deliveryIn(t, 'moving_to_pickup_location', people.CUSTOMER.id, people.DRIVER.id, {
      packageType: 'MEDICATION',
      handling: { controlledSubstance: true },
      pieces: [{ kind: 'bag', quantity: 30, unit: 'tablets' }],
    });
  const pickUp = (d: { id: string; orderId: string }, quantity: number) =>
    status(d.id, { status: 'picked_up', scannedPieces: [`${d.orderId}-01`], pieceChecks: [{ barcode: `${d.orderId}-01`, quantity }] });
  const deliver = async (d: { id: string; orderId: string }, quantity: number) => {
    expect((await status(d.id, { status: 'in_transit' })).statusCode).toBe(200);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${d.id}/pod`,
      headers: people.DRIVER.auth,
      payload: proofForm(
        {
          recipientName: 'Pharmacy',
          // A controlled substance is handed over against an ID.
          idType: 'driver_license',
          idLast4: '1234',
          idName: 'P. Pharm',
          relationship: 'facility_staff',
          scannedPieces: JSON.stringify([`${d.orderId}-01`]),
          pieceChecks: JSON.stringify([{ barcode: `${d.orderId}-01`, quantity }]),
        },
        { photo: await jpegWithExif(), signature: await signaturePng() },
      ) as never,
    });
  };

  it('a count that differs at pickup opens one controlled_count case at once: due in 24 h, the bell, administrators e-mailed, a loss report', async () => {
    const d = await tablets();
    const before = (await allSent()).length;
    const res = await pickUp(d, 28);
    expect(res.statusCode, res.body).toBe(200);
    const cases = await casesOf(d.id);
    expect(cases).toHaveLength(1);
    const [c] = cases;
    expect(c).toMatchObject({
      kind: 'controlled_count',
      status: 'open',
      barcode: `${d.orderId}-01`,
      expectedQuantity: 30,
      countedQuantity: 28,
      unit: 'tablets',
      driverId: people.DRIVER.id,
    });
    expect(c.detail).toBe('Counted 28 tablets at pickup; the last count was 30 tablets.');
    expect(c.openedAt.getTime()).toBe(clock.now().getTime());
    expect(c.dueAt.getTime() - c.openedAt.getTime()).toBe(24 * HOUR);
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, people.STAFF.id));
    expect(bell.some((n) => n.deliveryId === d.id && n.title === 'Case opened: Controlled-substance count differs')).toBe(true);
    const sent = (await allSent()).slice(before);
    const toAdmin = sent.find((m) => m.to === people.ADMIN.email);
    expect(toAdmin?.subject).toBe(`Controlled-substance count differs: ${d.orderId}-01`);
    expect(toAdmin?.text).toContain(`/admin/discrepancies/${c.id}`);

    const pdf = await t.app.inject({ url: `/api/v1/admin/discrepancies/${c.id}/loss-report.pdf`, headers: people.STAFF.auth });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const words of ['Controlled substance loss report', `${d.orderId}-01`, '30 tablets', '28 tablets', '2 tablets', 'Custody path'])
      expect(text).toContain(words);
  });

  it('a count that differs at delivery from the one at pickup opens one case of its own; matching counts open none', async () => {
    const d = await tablets();
    expect((await pickUp(d, 30)).statusCode).toBe(200);
    expect(await casesOf(d.id)).toHaveLength(0);
    const res = await deliver(d, 29);
    expect(res.statusCode, res.body).toBe(200);
    const cases = await casesOf(d.id);
    expect(cases.map((c) => [c.kind, c.expectedQuantity, c.countedQuantity])).toEqual([['controlled_count', 30, 29]]);
    expect(cases[0].detail).toBe('Counted 29 tablets at delivery; the last count was 30 tablets.');

    const same = await tablets();
    expect((await pickUp(same, 30)).statusCode).toBe(200);
    expect((await deliver(same, 30)).statusCode).toBe(200);
    expect(await casesOf(same.id)).toHaveLength(0);
  });

  it('a piece left behind at pickup opens a not_handed_over case, once, with its reason', async () => {
    const d = await deliveryIn(t, 'moving_to_pickup_location', people.CUSTOMER.id, people.DRIVER.id, {
      pieces: [{ kind: 'bag' }, { kind: 'cooler' }],
    });
    const res = await status(d.id, {
      status: 'picked_up',
      scannedPieces: [`${d.orderId}-01`],
      missingPieces: [{ seq: 2, reason: 'other', note: 'In the fridge' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const cases = await casesOf(d.id);
    expect(cases.map((c) => [c.kind, c.barcode, c.reason, c.detail])).toEqual([
      ['not_handed_over', `${d.orderId}-02`, 'other', 'Not handed over at pickup: Other (In the fridge)'],
    ]);
    // Dispatch heard once, from the pieces-left notice, not a second time from the case.
    const bell = await t.db.select().from(notifications).where(eq(notifications.deliveryId, d.id));
    expect(bell.filter((n) => n.userId === people.STAFF.id).map((n) => n.title)).toEqual(['Pieces not handed over']);
  });

  it('a piece missing at the door opens a missing case, and the lab confirming it missing opens no second one', async () => {
    const d = await deliveryIn(t, 'moving_to_pickup_location', people.CUSTOMER.id, people.DRIVER.id, {
      pieces: [{ kind: 'bag' }, { kind: 'bag' }],
    });
    const both = [`${d.orderId}-01`, `${d.orderId}-02`];
    expect((await status(d.id, { status: 'picked_up', scannedPieces: both })).statusCode).toBe(200);
    expect((await status(d.id, { status: 'in_transit' })).statusCode).toBe(200);
    const proof = await t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${d.id}/pod`,
      headers: people.DRIVER.auth,
      payload: proofForm(
        {
          recipientName: 'Lab intake',
          scannedPieces: JSON.stringify([both[0]]),
          missingPieces: JSON.stringify([{ seq: 2, reason: 'not_found' }]),
        },
        { photo: await jpegWithExif(), signature: await signaturePng() },
      ) as never,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    expect((await casesOf(d.id)).map((c) => [c.kind, c.barcode, c.detail])).toEqual([
      ['missing', both[1], 'Not handed over at delivery: Not found'],
    ]);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, d.id));
    const token = receiptToken(t.app.services.jwtKey, d.id, row.deliveredAt as Date);
    const lab = await t.app.inject({
      method: 'POST',
      url: `/api/v1/receipts/${token}`,
      payload: { receivedBy: 'R. Tech', pieces: [{ barcode: both[0], status: 'received' }] },
    });
    expect(lab.statusCode, lab.body).toBe(200);
    expect((await casesOf(d.id)).map((c) => c.kind)).toEqual(['missing']);
  });
});
