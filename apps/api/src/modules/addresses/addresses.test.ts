import { SAVED_ADDRESS_CAP, ZSavedAddressesResponse, ZSavedAddressResponse } from '@courier/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { savedAddresses } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const recipient = {
  kind: 'recipient',
  label: 'Kendall pharmacy',
  address: '1 Kendall Sq, Cambridge, MA 02139',
  contactName: 'Dana Whitfield',
  phone: '+16175550123',
  email: 'Dana@Example.test',
};
const pickup = { kind: 'pickup', label: 'Main lab', address: '55 Fruit St, Boston, MA 02114' };

describe('saved addresses', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let otherAuth: { authorization: string };
  let staffAuth: { authorization: string };
  let ownerId: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers = auth, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/addresses${url}`, headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    const { user } = await createUser(t.db);
    ownerId = user.id;
    auth = await t.bearer(user);
    otherAuth = await t.bearer((await createUser(t.db)).user);
    staffAuth = await t.bearer((await createUser(t.db, { role: 'STAFF' })).user);
  });
  afterAll(() => t.close());

  it('saves a recipient and a pickup point, lists them to their owner only, renames and deletes', async () => {
    const saved = await call('POST', '', auth, recipient);
    expect(saved.statusCode, saved.body).toBe(201);
    const r = ZSavedAddressResponse.parse(saved.json()).data;
    expect(r).toMatchObject({ kind: 'recipient', contactName: 'Dana Whitfield', email: 'dana@example.test' });
    expect((await call('POST', '', auth, pickup)).statusCode).toBe(201);

    const list = ZSavedAddressesResponse.parse((await call('GET', '')).json()).data;
    expect(list.map((a) => a.label)).toEqual(['Kendall pharmacy', 'Main lab']);
    expect(Object.keys(list[0]).sort()).toEqual(['_id', 'address', 'contactName', 'createdAt', 'email', 'kind', 'label', 'phone']);
    expect(ZSavedAddressesResponse.parse((await call('GET', '', otherAuth)).json()).data).toEqual([]);

    const renamed = await call('PATCH', `/${r._id}`, auth, { label: '  Pharmacy (Dana)  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.label).toBe('Pharmacy (Dana)');

    // Another customer's id answers like an unknown one, and changes nothing.
    expect((await call('PATCH', `/${r._id}`, otherAuth, { label: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/${r._id}`, otherAuth)).statusCode).toBe(404);
    expect((await call('DELETE', '/not-a-uuid')).statusCode).toBe(404);
    expect((await call('GET', '')).json().data[0].label).toBe('Pharmacy (Dana)');

    expect((await call('DELETE', `/${r._id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/${r._id}`)).statusCode).toBe(404);
    expect((await call('GET', '')).json().data.map((a: { label: string }) => a.label)).toEqual(['Main lab']);
  });

  it('answers 400 naming the field', async () => {
    const cases: Array<[object, string]> = [
      [{ ...recipient, phone: 'call me' }, 'Recipient phone must be a valid phone number'],
      [{ ...recipient, email: 'nope' }, 'Recipient e-mail must be a valid e-mail address'],
      [{ ...recipient, contactName: ' ' }, 'Recipient name is required'],
      [{ ...pickup, address: '' }, 'Address is required'],
      [{ ...pickup, label: 'x'.repeat(81) }, 'Name must be at most 80 characters'],
      [{ ...pickup, kind: 'depot' }, 'Kind must be one of pickup, recipient'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '', auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await call('PATCH', '/00000000-0000-4000-8000-000000000000', auth, { label: '' })).json().message).toContain(
      'Name is required',
    );
  });

  it('is for customers only and stops at the cap', async () => {
    expect((await call('GET', '', staffAuth)).statusCode).toBe(403);
    expect((await call('POST', '', staffAuth, pickup)).statusCode).toBe(403);
    const [{ n }] = await t.db.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.ownerId, ownerId));
    await t.db.insert(savedAddresses).values(
      Array.from({ length: SAVED_ADDRESS_CAP - n }, (_, i) => ({
        ownerId,
        kind: 'pickup' as const,
        label: `P${i}`,
        address: `${i} Main St`,
      })),
    );
    const over = await call('POST', '', auth, pickup);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(`at most ${SAVED_ADDRESS_CAP} addresses`);
  });
});
