import { ZDriverManifestsResponse } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { receiptToken } from '../../shared/receipt-token.js';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew, deliveryIn } from '../dispatch/operations-test-kit.js';

const DAY = 24 * 3_600_000;

describe("the driver's manifests", () => {
  // 10:00 in New York (BUSINESS_TZ's default).
  const clock = fixedClock(new Date('2026-03-02T15:00:00Z'));
  const t = useTestApp({ clock });
  let people: Crew;
  beforeAll(async () => {
    people = await crew(t);
  });

  const get = (query: string, who = people.DRIVER) => t.app.inject({ url: `/api/v1/driver/manifests${query}`, headers: who.auth });
  const bags = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'bag' as const, accession: `ACC-${i + 1}` }));
  async function dropped(customerId: string, address: string, pieces: number, at: Date, driverId = people.DRIVER.id) {
    const d = await deliveryIn(t, 'delivered', customerId, driverId, { pieces: bags(pieces), deliveryAddress: address });
    // Tests only: the drop-off time the proof of delivery would have written.
    await t.db.update(deliveries).set({ deliveredAt: at }).where(eq(deliveries.id, d.id));
    return d;
  }

  it("groups the day's drops and jobs to drop by address as the lab door does, with each delivery's clinic and pieces", async () => {
    const lab = '77 Manifest Way, Boston, MA 02114';
    const now = clock.now();
    const a = await dropped(people.CUSTOMER.id, lab, 3, now);
    const b = await dropped(people.otherCustomer.id, `  ${lab.toUpperCase().replace(' ', '   ')}`, 1, new Date(now.getTime() - 3_600_000));
    const onBoard = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id, { pieces: bags(2), deliveryAddress: lab });
    // The route plan expects it there within the hour; another on board is planned for tomorrow.
    await t.db
      .update(deliveries)
      .set({ plannedArrival: new Date(now.getTime() + 3_600_000) })
      .where(eq(deliveries.id, onBoard.id));
    const tomorrow = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id, { deliveryAddress: lab });
    await t.db
      .update(deliveries)
      .set({ plannedArrival: new Date(now.getTime() + DAY) })
      .where(eq(deliveries.id, tomorrow.id));
    const clinic = await dropped(people.CUSTOMER.id, '5 Other Street, Boston, MA 02110', 1, now);
    const yesterday = await dropped(people.CUSTOMER.id, lab, 1, new Date(now.getTime() - DAY));
    const notMine = await dropped(people.otherCustomer.id, lab, 1, now, people.otherDriver.id);

    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    const body = ZDriverManifestsResponse.parse(res.json());
    expect(body.date).toBe('2026-03-02');
    const ids = body.data.flatMap((m) => m.deliveries.map((d) => d.orderId));
    expect(ids).not.toContain(yesterday.orderId);
    expect(ids).not.toContain(notMine.orderId);
    expect(ids).not.toContain(tomorrow.orderId);
    const atLab = body.data.find((m) => m.deliveries.some((d) => d.orderId === a.orderId));
    expect(atLab).toMatchObject({ deliveryCount: 3, pieceCount: 6 });
    expect(atLab?.deliveries.map((d) => d.orderId)).toEqual([b.orderId, a.orderId, onBoard.orderId]);
    expect(atLab?.deliveries[1]).toMatchObject({ status: 'delivered', pieceCount: 3, reconciled: false });
    expect(atLab?.deliveries[1].pieces[0]).toEqual({
      barcode: `${a.orderId}-01`,
      seq: 1,
      kind: 'bag',
      accession: 'ACC-1',
      status: 'delivered',
    });
    expect(atLab?.deliveries[2]).toMatchObject({ status: 'in_transit', pieceCount: 2 });
    expect(new Set(atLab?.deliveries.map((d) => d.clinic)).size).toBe(2);
    expect(body.data.find((m) => m.deliveries.some((d) => d.orderId === clinic.orderId))).toMatchObject({
      address: '5 Other Street, Boston, MA 02110',
      deliveryCount: 1,
      pieceCount: 1,
    });
    // The lab's receipt page lists the same dropped deliveries as one manifest.
    const page = await t.app.inject({ url: `/api/v1/receipts/${receiptToken(t.app.services.jwtKey, a.id, now)}` });
    expect(page.json().data.manifest.deliveries.map((d: { orderId: string }) => d.orderId)).toEqual([b.orderId, a.orderId]);

    const before = ZDriverManifestsResponse.parse((await get('?date=2026-03-01')).json());
    expect(before.date).toBe('2026-03-01');
    expect(before.data.flatMap((m) => m.deliveries.map((d) => d.orderId))).toEqual([yesterday.orderId]);
    const next = ZDriverManifestsResponse.parse((await get('?date=2026-03-03')).json());
    expect(next.data.flatMap((m) => m.deliveries.map((d) => d.orderId))).toEqual([tomorrow.orderId]);
    const theirs = ZDriverManifestsResponse.parse((await get('', people.otherDriver)).json());
    expect(theirs.data.flatMap((m) => m.deliveries.map((d) => d.orderId))).toEqual([notMine.orderId]);
  });

  it('refuses a bad date naming it, and callers who are not drivers', async () => {
    for (const date of ['2026-02-30', 'tomorrow', '2026-3-1']) {
      const bad = await get(`?date=${date}`);
      expect(bad.statusCode, date).toBe(400);
      expect(bad.json().field).toBe('date');
    }
    expect((await get('', people.CUSTOMER)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/driver/manifests' })).statusCode).toBe(401);
  });
});
