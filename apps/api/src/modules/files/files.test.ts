import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { auditEvents, deliveries, users } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { jpegWithExif, multipartForm, TEST_NOW, validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { readerOfFileLink, signedFileUrl } from '../../shared/file-links.js';
import { crew, deliveryIn, proofForm, signaturePng } from '../dispatch/operations-test-kit.js';

describe('stored files', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let imageUrl: string;
  let bare: string;
  let driver: Awaited<ReturnType<typeof createUser>>['user'];

  beforeAll(async () => {
    const { user: owner } = await createUser(t.db);
    ({ user: driver } = await createUser(t.db, { role: 'DRIVER' }));
    const form = multipartForm(validDeliveryForm(), { bytes: await jpegWithExif(), name: 'p.jpg', type: 'image/jpeg' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: await t.bearer(owner), payload: form as never });
    imageUrl = res.json().data.packageImage;
    bare = imageUrl.split('?')[0];
    await t.db.update(deliveries).set({ driverId: driver.id }).where(eq(deliveries.id, res.json()._id));
  });

  it('lets the assigned driver read a delivery’s image with a token, and no other driver', async () => {
    expect((await t.app.inject({ url: bare, headers: await t.bearer(driver) })).statusCode).toBe(200);
    const stranger = (await createUser(t.db, { role: 'DRIVER' })).user;
    expect((await t.app.inject({ url: bare, headers: await t.bearer(stranger) })).statusCode).toBe(404);
  });

  it('answers 404 for a link signed for another file or tampered with', async () => {
    const query = imageUrl.split('?')[1];
    expect((await t.app.inject(`/api/v1/files/00000000-0000-4000-8000-000000000000?${query}`)).statusCode).toBe(404);
    expect((await t.app.inject(imageUrl.replace(/exp=(\d+)/, (_m, e) => `exp=${Number(e) + 1800}`))).statusCode).toBe(404);
    expect((await t.app.inject(`${bare}?exp=1&sig=x`)).statusCode).toBe(404);
  });

  it('keeps links stable within the half hour and valid for at least half an hour, for the reader they were minted for', () => {
    const key = new TextEncoder().encode('k'.repeat(32));
    const id = '11111111-1111-4111-8111-111111111111';
    const reader = '22222222-2222-4222-8222-222222222222';
    const at = new Date('2026-03-02T15:29:59Z');
    expect(signedFileUrl(key, id, reader, at)).toBe(signedFileUrl(key, id, reader, new Date('2026-03-02T15:00:00Z')));
    const [, exp, sig] = signedFileUrl(key, id, reader, at).match(/exp=(\d+)&for=[^&]+&sig=(.+)$/)!;
    expect(readerOfFileLink(key, id, { exp, for: reader, sig }, new Date(at.getTime() + 30 * 60_000))).toBe(reader);
    expect(readerOfFileLink(key, id, { exp, for: reader, sig }, new Date(Number(exp) * 1000))).toBeNull();
    // The reader is signed in: another account's id under the same signature is no link at all.
    expect(readerOfFileLink(key, id, { exp, for: '33333333-3333-4333-8333-333333333333', sig }, at)).toBeNull();
    expect(readerOfFileLink(key, id, { exp, sig }, at)).toBeNull();
  });
});

describe('signed links to proof of delivery', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });

  it('audits a staff member’s use of a proof photo or signature link as that staff member; the owner’s use is not audited', async () => {
    const people = await crew(t);
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    const form = proofForm({ recipientName: 'Front desk' }, { photo: await jpegWithExif(), signature: await signaturePng() });
    const pod = await t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${d.id}/pod`,
      headers: people.DRIVER.auth,
      payload: form as never,
    });
    expect(pod.statusCode).toBe(200);

    const staffView = await t.app.inject({ url: `/api/v1/admin/deliveries/${d.id}`, headers: people.STAFF.auth });
    const { photo, signature } = staffView.json().data.pod as { photo: string; signature: string };
    expect(photo).toContain(`for=${people.STAFF.id}`);
    const audited = () =>
      t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'file.read'), eq(auditEvents.actorId, people.STAFF.id)));
    const before = (await audited()).length;
    // Followed as an <img> would: no Bearer header, only the link.
    for (const link of [photo, signature]) expect((await t.app.inject({ url: link, remoteAddress: '10.9.8.7' })).statusCode).toBe(200);
    const rows = (await audited()).slice(before);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.details)).toEqual([
      expect.objectContaining({ kind: 'pod_photo', orderId: d.orderId }),
      expect.objectContaining({ kind: 'pod_signature', orderId: d.orderId }),
    ]);
    expect(rows[0].ip).toBe('10.9.8.7');

    // The owner's own links carry the owner and leave no audit row.
    const ownerView = await t.app.inject({ url: `/api/v1/deliveries/${d.id}`, headers: people.CUSTOMER.auth });
    const ownerPhoto = ownerView.json().data.pod.photo as string;
    expect(ownerPhoto).toContain(`for=${people.CUSTOMER.id}`);
    const all = (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'file.read'))).length;
    expect((await t.app.inject(ownerPhoto)).statusCode).toBe(200);
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'file.read'))).toHaveLength(all);

    // A link re-pointed at another reader, or minted for an account since disabled, opens nothing.
    expect((await t.app.inject(photo.replace(people.STAFF.id, people.MANAGER.id))).statusCode).toBe(404);
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, people.STAFF.id));
    expect((await t.app.inject(photo)).statusCode).toBe(404);
  });
});
