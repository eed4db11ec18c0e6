import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, proofsOfDelivery, storedFiles } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew, deliveryIn, proofForm, signaturePng } from './operations-test-kit.js';

/** Every staff read of personal data leaves one audit row, written with the call. */
describe('staff reads are audited', () => {
  const t = useTestApp();
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
  ])('GET %s writes one %s row per call', async (url, action, details) => {
    const before = (await rowsOf(people.STAFF.id, action)).length;
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);
    const rows = await rowsOf(people.STAFF.id, action);
    expect(rows.length - before).toBe(2);
    expect(rows.at(-1)?.details).toMatchObject(details);
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
