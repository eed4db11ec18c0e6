import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ROLE_IDS, ZErrorBody } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, customerAccounts, deliveries, users } from '../../db/schema/index.js';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { registration } from '../auth/test-support.js';
import { TEST_NOW, validDeliveryForm } from '../deliveries/delivery-test-kit.js';

describe('customer accounts', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });

  async function signedIn(role: 'ADMIN' | 'MANAGER' | 'STAFF' | 'CUSTOMER' | 'DRIVER', extra: Parameters<typeof createUser>[1] = {}) {
    const { user } = await createUser(t.db, { role, ...extra });
    return { user, headers: await t.bearer(user) };
  }

  it('sign-up opens an account named after the organisation (the person when none) with the new customer as owner', async () => {
    const signUp = (email: string, organisation?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: registration({ email, firstName: 'Rosa', lastName: 'Diaz', ...(organisation ? { organisation } : {}) }),
      });
    expect((await signUp('rosa@northlab.test', 'North Lab')).statusCode).toBe(201);
    expect((await signUp('rosa.home@example.test')).statusCode).toBe(201);
    const rows = await t.db
      .select({ email: users.email, role: users.accountRole, name: customerAccounts.name, billingEmail: customerAccounts.billingEmail })
      .from(users)
      .innerJoin(customerAccounts, eq(customerAccounts.id, users.accountId))
      .where(eq(users.roleId, ROLE_IDS.CUSTOMER));
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: 'rosa@northlab.test', role: 'owner', name: 'North Lab', billingEmail: 'rosa@northlab.test' },
        { email: 'rosa.home@example.test', role: 'owner', name: 'Rosa Diaz', billingEmail: 'rosa.home@example.test' },
      ]),
    );
  });

  it('an owner reads the account and its terms; a member its name and role; staff and drivers have none', async () => {
    const owner = await signedIn('CUSTOMER', { organisation: 'Harbor Clinic' });
    const member = await signedIn('CUSTOMER', { accountId: owner.user.accountId as string, accountRole: 'member' });
    const mine = await t.app.inject({ url: '/api/v1/account', headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({
      role: 'owner',
      account: expect.objectContaining({
        _id: owner.user.accountId,
        name: 'Harbor Clinic',
        paymentTermsDays: 30,
        creditPolicy: 'ignore',
        members: 2,
      }),
    });
    const theirs = await t.app.inject({ url: '/api/v1/account', headers: member.headers });
    expect(theirs.json().data).toEqual({ role: 'member', account: { _id: owner.user.accountId, name: 'Harbor Clinic' } });
    for (const role of ['ADMIN', 'DRIVER'] as const) {
      const other = await signedIn(role);
      expect((await t.app.inject({ url: '/api/v1/account', headers: other.headers })).statusCode).toBe(403);
    }
  });

  it('a delivery is billed to the account of the person who booked it', async () => {
    const owner = await signedIn('CUSTOMER', { organisation: 'Harbor Clinic' });
    const member = await signedIn('CUSTOMER', { accountId: owner.user.accountId as string, accountRole: 'member' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: member.headers, payload: validDeliveryForm() });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select({ customerId: deliveries.customerId, accountId: deliveries.accountId })
      .from(deliveries)
      .where(eq(deliveries.customerId, member.user.id));
    expect(row).toEqual({ customerId: member.user.id, accountId: owner.user.accountId });
    const seeded = await createDelivery(t.db, { customerId: owner.user.id });
    expect(seeded.accountId).toBe(owner.user.accountId);
  });

  it('staff list and search accounts; managers read; administrators set terms, credit and the rate card, audited', async () => {
    const clinic = await signedIn('CUSTOMER', { organisation: 'Quincy Dialysis', email: 'billing@quincy.test' });
    await signedIn('CUSTOMER', { organisation: 'Beacon Pharmacy' });
    const manager = await signedIn('MANAGER');
    const list = await t.app.inject({ url: '/api/v1/admin/accounts?q=quincy', headers: manager.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((a: { name: string }) => a.name)).toEqual(['Quincy Dialysis']);
    expect(list.json().paging).toMatchObject({ page: 1, total: 1 });
    const id = clinic.user.accountId as string;
    expect((await t.app.inject({ url: `/api/v1/admin/accounts/${id}`, headers: manager.headers })).json().data.name).toBe(
      'Quincy Dialysis',
    );
    const managerEdit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/accounts/${id}`,
      headers: manager.headers,
      payload: { poRequired: true },
    });
    expect(managerEdit.statusCode).toBe(403);
    const staff = await signedIn('STAFF');
    expect((await t.app.inject({ url: '/api/v1/admin/accounts', headers: staff.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/admin/accounts', headers: clinic.headers })).statusCode).toBe(403);

    const admin = await signedIn('ADMIN');
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/admin/accounts/${id}`, headers: admin.headers, payload });
    const saved = await patch({ paymentTermsDays: 45, creditLimitCents: 500_000, creditPolicy: 'warn', poRequired: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ paymentTermsDays: 45, creditLimitCents: 500_000, creditPolicy: 'warn', poRequired: true });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.update'), eq(auditEvents.targetId, id)));
    expect(audit.details).toEqual({
      before: { paymentTermsDays: 30, creditLimitCents: null, creditPolicy: 'ignore', poRequired: false },
      after: { paymentTermsDays: 45, creditLimitCents: 500_000, creditPolicy: 'warn', poRequired: true },
    });

    const badTerms = await patch({ paymentTermsDays: 400 });
    expect(badTerms.statusCode).toBe(400);
    expect(ZErrorBody.parse(badTerms.json()).message).toContain('paymentTermsDays');
    const noCard = await patch({ rateCardId: '00000000-0000-4000-8000-000000000000' });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().message).toContain('rateCardId');
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/rate-cards',
      headers: admin.headers,
      payload: {
        name: 'Dialysis',
        currency: 'USD',
        deliveryTypes: Object.fromEntries(
          ['STANDARD', 'EXPRESS', 'SAME_DAY', 'NEXT_DAY'].map((k) => [
            k,
            { baseCents: 1000, includedMiles: 5, perMileCents: 100, minimumCents: 1000 },
          ]),
        ),
      },
    });
    const withCard = await patch({ rateCardId: card.json().data._id });
    expect(withCard.json().data.rateCardId).toBe(card.json().data._id);
    expect((await t.app.inject({ url: '/api/v1/admin/accounts/nope', headers: admin.headers })).statusCode).toBe(404);
  });

  it("a customer's role cannot be changed into staff, nor staff into a customer (the account is the organisation's)", async () => {
    const admin = await signedIn('ADMIN');
    const customer = await signedIn('CUSTOMER');
    const driver = await signedIn('DRIVER');
    for (const [target, roleId] of [
      [customer.user.id, ROLE_IDS.STAFF],
      [driver.user.id, ROLE_IDS.CUSTOMER],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/users/${target}`,
        headers: admin.headers,
        payload: { roleId },
      });
      expect(res.statusCode).toBe(400);
      expect(ZErrorBody.parse(res.json()).message).toContain('roleId');
    }
  });
});

describe('migration 0019: every existing customer gets an account of their own', () => {
  it('names it after the organisation or the person, makes them owner and bills their deliveries to it', async () => {
    const folder = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const db = new PGlite({ extensions: { pg_trgm } });
    const run = async (file: string) => {
      for (const statement of readFileSync(`${folder}${file}`, 'utf8').split('--> statement-breakpoint')) {
        if (statement.trim()) await db.exec(statement);
      }
    };
    const at = files.indexOf('0019_customer_accounts.sql');
    expect(at).toBeGreaterThan(0);
    for (const file of files.slice(0, at)) await run(file);
    await db.exec(
      `insert into roles (id, name) values ('${ROLE_IDS.CUSTOMER}', 'CUSTOMER'), ('${ROLE_IDS.DRIVER}', 'DRIVER') on conflict do nothing`,
    );
    await db.exec(`
      insert into users (id, email, password_hash, first_name, last_name, role_id, organisation, address) values
        ('11111111-1111-4111-8111-111111111111', 'lab@north.test', 'x', 'Nia', 'Okafor', '${ROLE_IDS.CUSTOMER}', 'North Lab', '9 Elm St'),
        ('22222222-2222-4222-8222-222222222222', 'sam@example.test', 'x', 'Sam', 'Reyes', '${ROLE_IDS.CUSTOMER}', '  ', ''),
        ('33333333-3333-4333-8333-333333333333', 'drv@example.test', 'x', 'Dee', 'Vance', '${ROLE_IDS.DRIVER}', '', '');
      insert into deliveries (order_id, customer_id, sender_phone, pickup_address, recipient_name, recipient_phone, recipient_email,
        delivery_address, package_type, package_size, delivery_type)
      values ('MC-A', '11111111-1111-4111-8111-111111111111', '+1', 'a', 'r', '+1', 'r@x.test', 'b', 'SPECIMEN', 'small', 'SAME_DAY'),
             ('MC-B', '22222222-2222-4222-8222-222222222222', '+1', 'a', 'r', '+1', 'r@x.test', 'b', 'SPECIMEN', 'small', 'SAME_DAY');
    `);
    await run(files[at]);
    const accounts = await db.query<{ email: string; account_role: string | null; name: string | null; billing_address: string | null }>(
      `select u.email, u.account_role, a.name, a.billing_address from users u left join customer_accounts a on a.id = u.account_id order by u.email`,
    );
    expect(accounts.rows).toEqual([
      { email: 'drv@example.test', account_role: null, name: null, billing_address: null },
      { email: 'lab@north.test', account_role: 'owner', name: 'North Lab', billing_address: '9 Elm St' },
      { email: 'sam@example.test', account_role: 'owner', name: 'Sam Reyes', billing_address: '' },
    ]);
    const billed = await db.query<{ order_id: string; same: boolean }>(
      `select d.order_id, d.account_id = u.account_id as same from deliveries d join users u on u.id = d.customer_id order by d.order_id`,
    );
    expect(billed.rows).toEqual([
      { order_id: 'MC-A', same: true },
      { order_id: 'MC-B', same: true },
    ]);
    // From now on a customer without an account cannot exist.
    await expect(
      db.exec(
        `insert into users (email, password_hash, first_name, last_name, role_id) values ('x@y.test', 'x', 'X', 'Y', '${ROLE_IDS.CUSTOMER}')`,
      ),
    ).rejects.toThrow(/users_customer_account_check/);
    await db.close();
  });
});
