import { MANIFEST_ALREADY_RECONCILED } from '@courier/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryPieces, discrepancies } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { receiptToken } from '../../shared/receipt-token.js';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew, deliveryIn } from '../dispatch/operations-test-kit.js';

describe('the lab door', () => {
  const clock = fixedClock(new Date());
  const t = useTestApp({ clock });
  let people: Crew;
  beforeAll(async () => {
    people = await crew(t);
  });

  const pieces = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'bag' as const, accession: `ACC-${i + 1}` }));
  /** Two clinics' deliveries dropped by one driver at one lab today: one manifest. */
  async function manifest() {
    const address = `${Math.floor(Math.random() * 900) + 100} Lab Way, Boston, MA 02114`;
    const a = await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id, { pieces: pieces(3), deliveryAddress: address });
    const b = await deliveryIn(t, 'delivered', people.otherCustomer.id, people.DRIVER.id, {
      pieces: pieces(1),
      deliveryAddress: address.toUpperCase(),
    });
    // Tests only: the drop-off times the proofs of delivery would have written (a, then b a minute later).
    await t.db
      .update(deliveries)
      .set({ deliveredAt: new Date(clock.now().getTime() - 60_000) })
      .where(eq(deliveries.id, a.id));
    await t.db.update(deliveries).set({ deliveredAt: clock.now() }).where(eq(deliveries.id, b.id));
    const token = receiptToken(t.app.services.jwtKey, a.id, clock.now());
    return { a, b, token };
  }
  const post = (token: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/receipts/${token}`, payload });

  it('lists every expected piece of the manifest across clinics, and reconciles it once with every outcome and an unexpected barcode', async () => {
    const { a, b, token } = await manifest();
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/receipts/${token}` });
    expect(page.statusCode).toBe(200);
    const m = page.json().data.manifest;
    expect(m.pieces.map((p: { barcode: string }) => p.barcode)).toEqual([
      `${a.orderId}-01`,
      `${a.orderId}-02`,
      `${a.orderId}-03`,
      `${b.orderId}-01`,
    ]);
    expect(m.pieces[0]).toMatchObject({ accession: 'ACC-1', orderId: a.orderId, kind: 'bag' });
    expect(m.deliveries).toHaveLength(2);
    expect(m.reconciled).toBe(false);

    const answer = await post(token, {
      receivedBy: 'R. Tech',
      pieces: [
        { barcode: `${a.orderId}-01`, status: 'received' },
        { barcode: `${a.orderId}-02`, status: 'damaged', note: 'cracked lid' },
        { barcode: `${b.orderId}-01`.toLowerCase(), status: 'rejected', reason: 'temperature' },
        { barcode: 'MCZZZZZZZZZZ-07', status: 'unexpected', note: 'a stray bag' },
      ],
    });
    expect(answer.statusCode).toBe(200);
    const after = answer.json().data.manifest;
    expect(after.reconciled).toBe(true);
    expect(after.pieces.map((p: { status: string }) => p.status)).toEqual(['received', 'damaged', 'missing', 'rejected']);
    // The lab's receipt is a custody event of a delivered parcel: the drop-off time stays the driver's.
    const [stillA] = await t.db.select({ at: deliveries.deliveredAt }).from(deliveries).where(eq(deliveries.id, a.id));
    expect(stillA.at?.getTime()).toBe(clock.now().getTime() - 60_000);
    expect(after.pieces.every((p: { receivedAt: string | null }) => p.receivedAt)).toBe(true);

    const cases = await t.db
      .select()
      .from(discrepancies)
      .where(inArray(discrepancies.deliveryId, [a.id, b.id]));
    expect(cases.map((c) => `${c.barcode}:${c.kind}`).sort()).toEqual(
      [`${a.orderId}-02:damaged`, `${a.orderId}-03:missing`, `${b.orderId}-01:temperature`, 'MCZZZZZZZZZZ-07:unexpected'].sort(),
    );
    const [rowA] = await t.db.select().from(deliveries).where(eq(deliveries.id, a.id));
    expect(rowA.receiptStatus).toBe('accepted');
    const [rowB] = await t.db.select().from(deliveries).where(eq(deliveries.id, b.id));
    expect(rowB).toMatchObject({ receiptStatus: 'rejected', receiptReason: 'temperature' });

    const again = await post(token, { receivedBy: 'R. Tech', pieces: [{ barcode: `${a.orderId}-03`, status: 'received' }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MANIFEST_ALREADY_RECONCILED);
    // The owner sees each piece's status and the cases on their delivery; the other clinic's stay theirs.
    const owner = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${a.id}`, headers: people.CUSTOMER.auth });
    expect(
      owner
        .json()
        .data.discrepancies.map((c: { kind: string }) => c.kind)
        .sort(),
    ).toEqual(['damaged', 'missing', 'unexpected']);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${b.id}`, headers: people.CUSTOMER.auth })).statusCode).toBe(404);
  });

  it("keeps today's one-parcel receipt working, and refuses a rejection without a reason", async () => {
    const d = await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id);
    const token = receiptToken(t.app.services.jwtKey, d.id, clock.now());
    expect((await post(token, { receivedBy: 'Lab', pieces: [{ barcode: `${d.orderId}-01`, status: 'rejected' }] })).statusCode).toBe(400);
    const ok = await post(token, { status: 'accepted', receivedBy: 'Lab' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.receipt).toMatchObject({ status: 'accepted' });
    // The parcel's one piece is received with it, at the receipt's time.
    const [piece] = await t.db.select().from(deliveryPieces).where(eq(deliveryPieces.deliveryId, d.id));
    expect(piece).toMatchObject({ status: 'received', receivedAt: clock.now() });
  });
});
