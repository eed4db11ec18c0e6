import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { deliveries } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { jpegWithExif, multipartForm, TEST_NOW, validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { isValidFileSignature, signedFileUrl } from '../../shared/file-links.js';

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

  it('keeps links stable within the half hour and valid for at least half an hour', () => {
    const key = new TextEncoder().encode('k'.repeat(32));
    const id = '11111111-1111-4111-8111-111111111111';
    const at = new Date('2026-03-02T15:29:59Z');
    expect(signedFileUrl(key, id, at)).toBe(signedFileUrl(key, id, new Date('2026-03-02T15:00:00Z')));
    const [, exp, sig] = signedFileUrl(key, id, at).match(/exp=(\d+)&sig=(.+)$/)!;
    expect(isValidFileSignature(key, id, exp, sig, new Date(at.getTime() + 30 * 60_000))).toBe(true);
    expect(isValidFileSignature(key, id, exp, sig, new Date(Number(exp) * 1000))).toBe(false);
  });
});
