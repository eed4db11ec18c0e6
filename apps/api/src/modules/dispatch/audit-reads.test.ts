import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, proofsOfDelivery, storedFiles } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew, deliveryIn, proofForm, signaturePng } from './operations-test-kit.js';

/** Every staff read of personal data is audited with the call; identical reads within a minute are one row with a count. */
describe('staff reads are audited', () => {
  const clock = fixedClock('2026-03-03T15:00:10Z');
  const t = useTestApp({ clock });
  let people: Crew;
  beforeAll(async () => {
    people = await crew(t);
  });
  const get = (url: string, who = people.STAFF) => t.app.inject({ method: 'GET', url, headers: who.auth });
  const rowsOf = (actorId: string, action: string) =>
    t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, actorId), eq(auditEvents.action, action)));

  it.each([
    ['/api/v1/admin/deliveries?status=open', 'delivery.list', {}],
    ['/api/v1/admin/deliveries?q=Jordan', 'delivery.search', { query: 'Jordan' }],
    ['/api/v1/admin/optins', 'optin.list', {}],
    ['/api/v1/admin/feedback', 'feedback.list', {}],
  ])('GET %s writes one %s row a minute, counting the calls', async (url, action, details) => {
    clock.advance(60_000);
    const before = (await rowsOf(people.STAFF.id, action)).length;
    for (let i = 0; i < 3; i++) expect((await get(url)).statusCode).toBe(200);
    let rows = await rowsOf(people.STAFF.id, action);
    expect(rows.length - before).toBe(1);
    expect(rows.at(-1)?.details).toMatchObject({ ...details, count: 3 });
    clock.advance(60_000);
    expect((await get(url)).statusCode).toBe(200);
    rows = await rowsOf(people.STAFF.id, action);
    expect(rows.length - before).toBe(2);
  });

  it('folds a board load (its columns, each a list) into one row, keeps different searches apart, and filters by kind and actor', async () => {
    clock.advance(60_000);
    for (const status of ['pending', 'approved', 'on_the_road', 'exceptions'])
      expect((await get(`/api/v1/admin/deliveries?status=${status}`, people.MANAGER)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/deliveries?q=Jordan', people.MANAGER)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/deliveries?q=Lee', people.MANAGER)).statusCode).toBe(200);
    const listed = await rowsOf(people.MANAGER.id, 'delivery.list');
    expect(listed.map((r) => r.details?.count)).toEqual([4]);
    expect(await rowsOf(people.MANAGER.id, 'delivery.search')).toHaveLength(2);
    const d = await deliveryIn(t, 'pending', people.CUSTOMER.id, null);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/admin/deliveries/${d.id}/approve`, headers: people.MANAGER.auth, payload: {} }))
        .statusCode,
    ).toBe(200);
    const log = (q: string) => get(`/api/v1/admin/audit?actor=${encodeURIComponent(people.MANAGER.email)}&${q}`, people.ADMIN);
    const reads = (await log('kind=reads')).json().data;
    expect(reads.map((e: { action: string; kind: string; count: number }) => [e.action, e.kind, e.count]).sort()).toEqual([
      ['delivery.list', 'read', 4],
      ['delivery.search', 'read', 1],
      ['delivery.search', 'read', 1],
    ]);
    const changes = (await log('kind=changes')).json().data;
    expect(changes.map((e: { action: string; kind: string; count: number }) => [e.action, e.kind, e.count])).toEqual([
      ['delivery.approve', 'change', 1],
    ]);
    expect((await log('kind=everything')).statusCode).toBe(400);
    expect((await get('/api/v1/admin/audit?actor=nobody-by-that-name', people.ADMIN)).json().data).toEqual([]);
  });

  it('audits the users list and search by an admin, with the query', async () => {
    expect((await get('/api/v1/admin/users?q=crew', people.ADMIN)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/users', people.ADMIN)).statusCode).toBe(200);
    expect((await rowsOf(people.ADMIN.id, 'user.search')).map((r) => r.details)).toEqual([expect.objectContaining({ query: 'crew' })]);
    expect(await rowsOf(people.ADMIN.id, 'user.list')).toHaveLength(1);
  });

  it('audits the custody call and the report once each, naming the delivery', async () => {
    const d = await deliveryIn(t, 'approved', people.CUSTOMER.id, null);
    expect((await get(`/api/v1/admin/deliveries/${d.id}/custody`)).statusCode).toBe(200);
    expect((await get(`/api/v1/admin/deliveries/${d.id}/custody/report`)).statusCode).toBe(200);
    const onThis = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, people.STAFF.id), eq(auditEvents.targetId, d.id)));
    expect(onThis.map((r) => r.action).sort()).toEqual(['custody.read', 'custody.report']);
  });

  it('audits a staff member opening a proof photo, and not the owner', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    const proof = await t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${d.id}/pod`,
      headers: people.DRIVER.auth,
      payload: proofForm({ recipientName: 'R. Lee' }, { signature: await signaturePng() }) as never,
    });
    expect(proof.statusCode).toBe(200);
    const [pod] = await t.db.select().from(proofsOfDelivery).where(eq(proofsOfDelivery.deliveryId, d.id));
    const fileId = pod?.signatureFileId ?? pod?.photoFileId;
    expect(fileId).toBeTruthy();
    const [file] = await t.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, fileId as string));
    expect(file).toBeDefined();
    expect((await get(`/api/v1/files/${fileId}`)).statusCode).toBe(200);
    expect((await get(`/api/v1/files/${fileId}`, people.CUSTOMER)).statusCode).toBe(200);
    const reads = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'file.read'), eq(auditEvents.targetId, fileId as string)));
    expect(reads.map((r) => r.actorId)).toEqual([people.STAFF.id]);
    expect(reads[0].details).toMatchObject({ orderId: d.orderId });
  });

  it('keeps the audit log for ADMIN and above', async () => {
    for (const who of [people.STAFF, people.MANAGER]) expect((await get('/api/v1/admin/audit', who)).statusCode).toBe(403);
    for (const who of [people.ADMIN, people.SUPER_ADMIN]) expect((await get('/api/v1/admin/audit', who)).statusCode).toBe(200);
  });
});
