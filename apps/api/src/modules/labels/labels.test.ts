import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { deliveries, shippingLabels, storedFiles } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { pdfText, TEST_NOW } from '../deliveries/delivery-test-kit.js';

type User = Awaited<ReturnType<typeof createUser>>['user'];

describe('shipping labels', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let owner: User;
  let auth: { authorization: string };
  let otherAuth: { authorization: string };
  let staffAuth: { authorization: string };
  let delivery: Awaited<ReturnType<typeof createDelivery>>;
  const getLabel = (id: string, headers = auth) => t.app.inject({ url: `/api/v1/deliveries/${id}/label`, headers });

  beforeAll(async () => {
    ({ user: owner } = await createUser(t.db, { firstName: 'Priya', lastName: 'Shah' }));
    auth = await t.bearer(owner);
    otherAuth = await t.bearer((await createUser(t.db)).user);
    staffAuth = await t.bearer((await createUser(t.db, { role: 'STAFF' })).user);
    delivery = await createDelivery(t.db, {
      customerId: owner.id,
      recipientName: 'Jordan Lee',
      deliveryType: 'SAME_DAY',
      packageType: 'MEDICAL_SUPPLIES',
      packageSize: 'medium',
      requiredBy: new Date('2026-03-02T22:00:00Z'),
    });
  });

  it('generates one label however many concurrent calls ask for it', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => getLabel(delivery.id)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const labels = answers.map((r) => r.json().data);
    expect(new Set(labels.map((l) => l.pdfUrl)).size).toBe(1);
    expect(new Set(labels.map((l) => l.generatedAt)).size).toBe(1);
    expect(labels[0]).toMatchObject({ trackingCode: delivery.orderId, generatedAt: new Date(TEST_NOW).toISOString() });
    expect(await t.db.$count(shippingLabels, eq(shippingLabels.deliveryId, delivery.id))).toBe(1);
    expect(await t.db.$count(storedFiles, eq(storedFiles.kind, 'label_pdf'))).toBe(1);
    expect(await t.db.$count(storedFiles, eq(storedFiles.kind, 'label_image'))).toBe(1);
  });

  it('answers the same label later, and shows it on the delivery', async () => {
    const first = (await getLabel(delivery.id)).json().data;
    clock.advance(60_000);
    const again = (await getLabel(delivery.id)).json();
    expect(again).toMatchObject({ success: true, data: { trackingCode: delivery.orderId, generatedAt: first.generatedAt } });
    const detail = (await t.app.inject({ url: `/api/v1/deliveries/${delivery.id}`, headers: auth })).json().data;
    expect(detail.shippingLabel).toMatchObject({ trackingCode: delivery.orderId, generatedAt: first.generatedAt });
  });

  it('serves a 4x6 PDF with both parties, the package, the service and the tracking code', async () => {
    const { pdfUrl } = (await getLabel(delivery.id)).json().data;
    const res = await t.app.inject(pdfUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`label-pdf-${delivery.orderId}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 288 432\]/);
    const text = pdfText(pdf);
    for (const expected of [
      delivery.orderId,
      'Priya Shah',
      'Jordan Lee',
      '55 Fruit St, Boston, MA 02114',
      '330 Brookline Ave',
      'Medical supplies',
      'Medium (5-20kg)',
      'SAME DAY',
      'Required by: Mar 2, 2026, 5:00 PM EST',
      `http://courier.test/track/${delivery.orderId}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('serves a PNG image of the label at 203 dpi', async () => {
    const { imageUrl } = (await getLabel(delivery.id)).json().data;
    const res = await t.app.inject(imageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 812, 1218]);
  });

  it('answers 404 to another customer, for the label and for its files', async () => {
    const theirs = await getLabel(delivery.id, otherAuth);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await getLabel('00000000-0000-4000-8000-000000000000')).json());
    const { pdfUrl } = (await getLabel(delivery.id)).json().data;
    const bare = pdfUrl.split('?')[0];
    expect((await t.app.inject({ url: bare, headers: otherAuth })).statusCode).toBe(404);
    expect((await t.app.inject(bare)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject(
          `${bare}?${new URL(pdfUrl, 'http://x').search.slice(1).replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('lets the owner and staff read label files with their token once the link has expired', async () => {
    const { pdfUrl } = (await getLabel(delivery.id)).json().data;
    clock.advance(2 * 3_600_000);
    expect((await t.app.inject(pdfUrl)).statusCode).toBe(404);
    const bare = pdfUrl.split('?')[0];
    expect((await t.app.inject({ url: bare, headers: await t.bearer(owner) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: bare, headers: await t.bearer((await createUser(t.db, { role: 'STAFF' })).user) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: bare, headers: await t.bearer((await createUser(t.db)).user) })).statusCode).toBe(404);
    // A token minted before the hour passed has expired: 401, so the web client refreshes it.
    expect((await t.app.inject({ url: bare, headers: staffAuth })).json()).toMatchObject({ message: 'Token expired' });
  });

  it('lets staff get a customer’s label', async () => {
    const staff = (await createUser(t.db, { role: 'STAFF' })).user;
    const res = await getLabel(delivery.id, await t.bearer(staff));
    expect(res.statusCode).toBe(200);
    const bare = res.json().data.pdfUrl.split('?')[0];
    expect((await t.app.inject({ url: bare, headers: await t.bearer(staff) })).statusCode).toBe(200);
  });

  it('refuses a label for a cancelled delivery', async () => {
    const cancelled = await createDelivery(t.db, { customerId: owner.id, status: 'cancelled' });
    const res = await getLabel(cancelled.id, await t.bearer(owner));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'A cancelled delivery has no shipping label',
      error: 'DELIVERY_CANCELLED',
    });
  });

  it('no longer hands out a label made before the delivery was cancelled', async () => {
    const later = await createDelivery(t.db, { customerId: owner.id, status: 'approved' });
    const fresh = await t.bearer(owner);
    expect((await getLabel(later.id, fresh)).statusCode).toBe(200);
    await t.db.update(deliveries).set({ status: 'cancelled' }).where(eq(deliveries.id, later.id));
    const res = await getLabel(later.id, fresh);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('DELIVERY_CANCELLED');
  });
});
