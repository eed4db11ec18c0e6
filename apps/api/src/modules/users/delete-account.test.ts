import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { deliveries, users } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { auditCount, login, post, signedIn } from '../auth/test-support.js';

describe('DELETE /api/v1/users/me', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const t = useTestApp({ clock });

  const remove = (headers: Record<string, string> = {}) => t.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers });

  it('flags the account deleted, revokes its sessions and keeps its deliveries', async () => {
    const { user, password } = await createUser(t.db);
    const delivery = await createDelivery(t.db, { customerId: user.id, status: 'delivered' });
    const a = await signedIn(t, user.email, password);
    const b = await signedIn(t, user.email, password);

    const res = await remove(a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Account deleted successfully' });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.isDeleted).toBe(true);
    expect(row.deletedAt?.toISOString()).toBe(clock.now().toISOString());
    const kept = await t.db.select().from(deliveries).where(eq(deliveries.customerId, user.id));
    expect(kept.map((d) => d.id)).toEqual([delivery.id]);
    expect(await auditCount(t, user.id, 'account.deleted')).toBe(1);

    for (const s of [a, b]) expect((await post(t, '/api/auth/refresh-token', { refreshToken: s.refreshToken })).statusCode).toBe(401);
    // The access tokens still in hand stop working at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: b.auth })).statusCode).toBe(401);
    expect((await remove(b.auth)).statusCode).toBe(401);
  });

  it('can no longer sign in, nor reset its password', async () => {
    const { user, password } = await createUser(t.db);
    const { auth } = await signedIn(t, user.email, password);
    await remove(auth);
    const res = await login(t, user.email, password);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
    await post(t, '/api/v1/auth/forgot-password', { email: user.email });
    expect((await t.sentEmails()).filter((m) => m.to === user.email)).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const res = await remove();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('No token provided');
  });
});
