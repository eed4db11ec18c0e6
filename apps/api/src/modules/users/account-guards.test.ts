import { ROLE_IDS } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureSuperAdmin } from '../../db/bootstrap.js';
import { createUser } from '../../db/seed/factories.js';
import { deliveries, users } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew, deliveryIn } from '../dispatch/operations-test-kit.js';
import { LAST_SUPER_ADMIN } from './account-guards.js';

describe('accounts that cannot simply go away', () => {
  const t = useTestApp();
  let people: Crew;
  beforeAll(async () => {
    people = await crew(t);
  });
  const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  it('refuses to disable or delete a driver with parcels on board (409 naming them) until they are reassigned or delivered', async () => {
    const { user } = await createUser(t.db, { role: 'DRIVER' });
    const auth = await t.bearer(user);
    const onBoard = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, user.id);
    const picked = await deliveryIn(t, 'picked_up', people.CUSTOMER.id, user.id);
    const disable = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${user.id}`,
      headers: people.ADMIN.auth,
      payload: { isActive: false },
    });
    expect(disable.statusCode).toBe(409);
    for (const d of [onBoard, picked]) expect(disable.json().message).toContain(d.orderId);
    const remove = await t.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: auth });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toContain(onBoard.orderId);
    expect(await rowOf(user.id)).toMatchObject({ isDisabled: false, isDeleted: false });

    await t.db.update(deliveries).set({ status: 'delivered' }).where(eq(deliveries.driverId, user.id));
    const later = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${user.id}`,
      headers: people.ADMIN.auth,
      payload: { isActive: false },
    });
    expect(later.statusCode).toBe(200);
  });

  it('refuses to delete the last active SUPER_ADMIN, and start-up with ADMIN_EMAIL counts only active ones', async () => {
    // The crew's SUPER_ADMIN is the only one.
    const alone = await t.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: people.SUPER_ADMIN.auth });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(LAST_SUPER_ADMIN);

    const { user: second } = await createUser(t.db, { role: 'SUPER_ADMIN' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: people.SUPER_ADMIN.auth })).statusCode).toBe(200);
    // The second one is now the last: it stays.
    const last = await t.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: await t.bearer(second) });
    expect(last.statusCode).toBe(409);

    // Gone anyway (say, by hand in the database): start-up with ADMIN_EMAIL makes a new one.
    await t.db.update(users).set({ isDeleted: true }).where(eq(users.id, second.id));
    await ensureSuperAdmin(t.db, 'rescue@courier.test', 'Rescue#Admin2026', t.app.log);
    const [rescue] = await t.db.select().from(users).where(eq(users.email, 'rescue@courier.test'));
    expect(rescue).toMatchObject({ roleId: ROLE_IDS.SUPER_ADMIN, isDeleted: false, isDisabled: false });
  });
});
