import { ROLE_IDS } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema/index.js';
import { createUser } from '../../db/seed/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { freshIp, lastEmailTo, linkToken, post, signedIn, STRONG_PASSWORD } from '../auth/test-support.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';

describe('account management by administrators', () => {
  const t = useTestApp();
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });

  const invite = (
    who: Crew['ADMIN'],
    role: keyof typeof ROLE_IDS,
    email = `inv-${Math.random().toString(36).slice(2, 8)}@medcourier.test`,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: who.auth,
      payload: { email, firstName: 'Ina', lastName: 'Vite', roleId: ROLE_IDS[role] },
    });
  const patch = (who: Crew['ADMIN'], id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${id}`, headers: who.auth, payload });

  it('invites a driver by e-mail whose link sets the first password, after which the driver signs in', async () => {
    const email = 'new.driver@medcourier.test';
    const res = await invite(people.ADMIN, 'DRIVER', email);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email, role: 'DRIVER', isActive: true, emailVerified: false });
    expect(res.json().data).not.toHaveProperty('passwordHash');
    const mail = await lastEmailTo(t, email);
    expect(mail?.text).toContain('http://courier.test/auth/reset-password?token=');
    // The page the link opens greets a new account ("Set your password").
    expect(mail?.text).toMatch(/reset-password\?token=[^\s&]+&welcome=1/);
    expect(mail?.text).not.toMatch(/password: \S+/i);
    const token = linkToken(mail!.text, '/auth/reset-password');
    const reset = await post(t, '/api/v1/auth/reset-password', { token, newPassword: STRONG_PASSWORD });
    expect(reset.statusCode).toBe(200);
    const session = await signedIn(t, email, STRONG_PASSWORD);
    const jobs = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: session.auth });
    expect(jobs.statusCode).toBe(200);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.invite'));
    expect(audit.some((a) => a.actorId === people.ADMIN.id)).toBe(true);
  });

  it('refuses an e-mail already taken and a customer invitation', async () => {
    expect((await invite(people.ADMIN, 'STAFF', people.STAFF.email)).statusCode).toBe(409);
    const customer = await invite(people.ADMIN, 'CUSTOMER');
    expect(customer.statusCode).toBe(400);
    expect(customer.json().field).toBe('roleId');
  });

  it('grants no role above one’s own and ADMIN only from a SUPER_ADMIN', async () => {
    expect((await invite(people.ADMIN, 'ADMIN')).statusCode).toBe(403);
    expect((await invite(people.SUPER_ADMIN, 'ADMIN')).statusCode).toBe(201);
    expect((await patch(people.ADMIN, people.STAFF.id, { roleId: ROLE_IDS.ADMIN })).statusCode).toBe(403);
    expect((await patch(people.ADMIN, people.STAFF.id, { roleId: ROLE_IDS.SUPER_ADMIN })).statusCode).toBe(403);
    const promoted = await patch(people.ADMIN, people.STAFF.id, { roleId: ROLE_IDS.MANAGER });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data.role).toBe('MANAGER');
    await patch(people.ADMIN, people.STAFF.id, { roleId: ROLE_IDS.STAFF });
  });

  it('lets nobody change their own account or one of their rank or above', async () => {
    expect((await patch(people.ADMIN, people.ADMIN.id, { isActive: false })).statusCode).toBe(403);
    expect((await patch(people.SUPER_ADMIN, people.SUPER_ADMIN.id, { roleId: ROLE_IDS.ADMIN })).statusCode).toBe(403);
    expect((await patch(people.ADMIN, people.SUPER_ADMIN.id, { isActive: false })).statusCode).toBe(403);
    const { user: peer } = await createUser(t.db, { role: 'ADMIN' });
    expect((await patch(people.ADMIN, peer.id, { isActive: false })).statusCode).toBe(403);
    expect((await patch(people.ADMIN, 'nobody', { isActive: false })).statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, people.SUPER_ADMIN.id));
    expect(row.isDisabled).toBe(false);
  });

  it('ends a disabled account’s sessions at once: its access and refresh tokens stop working', async () => {
    const { user } = await createUser(t.db, { role: 'DRIVER', password: STRONG_PASSWORD });
    const session = await signedIn(t, user.email, STRONG_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: session.auth })).statusCode).toBe(200);
    const off = await patch(people.ADMIN, user.id, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.isActive).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: session.auth })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: session.refreshToken },
      remoteAddress: freshIp(),
    });
    expect(refresh.statusCode).toBe(401);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, user.id));
    expect(audit.map((a) => a.action)).toContain('user.disable');
    const on = await patch(people.ADMIN, user.id, { isActive: true });
    expect(on.json().data.isActive).toBe(true);
    // The old refresh token stays revoked: turning the account back on starts no session.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: session.refreshToken } });
    expect(again.statusCode).toBe(401);
  });

  it('lists accounts by role and search, without secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/users?role=DRIVER', headers: people.SUPER_ADMIN.auth });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.role === 'DRIVER' && !('passwordHash' in r))).toBe(true);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users?q=${encodeURIComponent(people.STAFF.email)}`,
      headers: people.ADMIN.auth,
    });
    expect(found.json().data.map((u: { _id: string }) => u._id)).toEqual([people.STAFF.id]);
  });
});
