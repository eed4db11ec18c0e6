import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fhirSubscriptions, webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import type { Actor } from '../../platform/policy.js';
import { useTestApp } from '../../test/test-app.js';
import { approveDelivery } from '../dispatch/approve-delivery.js';
import { assignDriver } from '../dispatch/assign-driver.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';
import { TEST_NOW } from '../deliveries/delivery-test-kit.js';
import { startPickupRun } from '../driver/start-pickup-run.js';
import { confirmPickup } from '../driver/confirm-pickup.js';
import { removeMember } from '../accounts/remove-member.js';
import { EXTENSIONS } from '../fhir-task/fhir-codes.js';
import { fhirCustomer, fhirProblems, pickupTask } from './fhir-test-kit.js';
import { FHIR_TASK_EVENT } from '../fhir-task/record-task-notifications.js';

// biome-ignore lint/suspicious/noExplicitAny: FHIR JSON is read by path in the assertions.
type Json = Record<string, any>;

/** The lab's interface engine, faked at its network boundary: a real HTTP server on loopback that answers as told. */
function receiver() {
  const got: Array<{ headers: IncomingHttpHeaders; body: Json }> = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body: JSON.parse(body) });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  return {
    got,
    answers,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())),
    url: (path = '/fhir-hook') => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('FHIR R4 Subscriptions', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  const hook = receiver();
  let people: Crew;
  beforeAll(async () => {
    await hook.start();
    people = await crew(t);
  });
  afterAll(hook.stop);

  const actor = (p: { id: string; role: Actor['role'] }): Actor => ({ id: p.id, role: p.role });

  async function fhir(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/fhir+json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const json = res.body ? (res.json() as Json) : null;
    if (json) expect(fhirProblems(json), `${method} ${url} → ${res.body}`).toEqual([]);
    return { res, status: res.statusCode, json: json as Json };
  }

  const subscription = (accountId: string, extra: Record<string, unknown> = {}) => ({
    resourceType: 'Subscription',
    status: 'requested',
    reason: 'Pickups of the LIS',
    criteria: `Task?requester=Organization/${accountId}`,
    channel: { type: 'rest-hook', endpoint: hook.url(), payload: 'application/fhir+json', header: ['Authorization: Bearer engine-secret'] },
    ...extra,
  });

  const drain = () => t.app.services.outbox.drain();

  it('sends each change of a matching Task once, as the Task, with the channel headers', async () => {
    const lab = await fhirCustomer(t);
    const created = await fhir('POST', '/fhir/r4/Subscription', lab.auth, subscription(lab.user.accountId as string));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      resourceType: 'Subscription',
      status: 'active',
      channel: { type: 'rest-hook', endpoint: hook.url() },
    });
    expect(created.res.headers.location).toBe(`http://courier.test/fhir/r4/Subscription/${created.json.id}`);

    hook.got.length = 0;
    const task = (await fhir('POST', '/fhir/r4/Task', lab.auth, pickupTask({}, 'SUB-1'))).json;
    await drain();
    expect(hook.got).toHaveLength(1);
    expect(hook.got[0].headers.authorization).toBe('Bearer engine-secret');
    expect(hook.got[0].headers['content-type']).toBe('application/fhir+json');
    expect(hook.got[0].body).toMatchObject({ resourceType: 'Task', id: task.id, status: 'requested' });
    expect(fhirProblems(hook.got[0].body)).toEqual([]);

    const s = t.app.services;
    await approveDelivery(s, actor(people.STAFF), { idOrTrackingNumber: task.id });
    await assignDriver(s, actor(people.STAFF), { idOrTrackingNumber: task.id, driverId: people.DRIVER.id });
    await startPickupRun(s, actor(people.DRIVER), { idOrTrackingNumber: task.id });
    await drain();
    await drain();
    expect(hook.got.map((g) => [g.body.status, g.body.businessStatus.coding[0].code])).toEqual([
      ['requested', 'pending'],
      ['accepted', 'approved'],
      ['accepted', 'assigned'],
      ['accepted', 'moving_to_pickup_location'],
    ]);
    // Each with its own message id; every attempt is in the delivery log.
    expect(new Set(hook.got.map((g) => g.headers['webhook-id'])).size).toBe(4);
    const messages = await t.db.select().from(webhookMessages).where(eq(webhookMessages.eventType, FHIR_TASK_EVENT));
    expect(messages.filter((m) => (m.payload as Json).id === task.id).every((m) => m.status === 'sent')).toBe(true);

    // Other accounts' Tasks are not theirs to hear of.
    const other = await fhirCustomer(t);
    hook.got.length = 0;
    await fhir('POST', '/fhir/r4/Task', other.auth, pickupTask({}, 'SUB-OTHER'));
    await drain();
    expect(hook.got).toHaveLength(0);

    // Nor are they listed among the account's webhooks.
    const webhooks = await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: lab.session });
    expect(webhooks.json().data).toEqual([]);
  });

  it('counts a send that throws (a header the HTTP client refuses, stored before the check) as a failed attempt', async () => {
    const lab = await fhirCustomer(t);
    const sub = (await fhir('POST', '/fhir/r4/Subscription', lab.auth, subscription(lab.user.accountId as string))).json;
    const [row] = await t.db.select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, sub.id));
    await t.db
      .update(webhookEndpoints)
      .set({ headers: { 'x-bad': '\u2713' } })
      .where(eq(webhookEndpoints.id, row.endpointId));
    hook.got.length = 0;
    await fhir('POST', '/fhir/r4/Task', lab.auth, pickupTask({}, 'SUB-THROW'));
    await drain();
    expect(hook.got).toHaveLength(0);
    const [msg] = await t.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, row.endpointId));
    expect(msg).toMatchObject({ status: 'pending', attempts: 1 });
    const log = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.messageId, msg.id));
    expect(log).toHaveLength(1);
    expect(log[0].statusCode).toBeNull();
  });

  // (Before the retry test below, which moves the clock past the Tasks' pick-up-by.)
  it('sends nothing to a member removed from the account, of its Tasks booked before or after', async () => {
    const owner = await fhirCustomer(t);
    const accountId = owner.user.accountId as string;
    const member = await fhirCustomer(t, ['fhir'], { accountId, accountRole: 'member' });
    expect((await fhir('POST', '/fhir/r4/Subscription', member.auth, subscription(accountId))).status).toBe(201);
    const theirs = (await fhir('POST', '/fhir/r4/Task', member.auth, pickupTask({}, 'SUB-LEFT-1'))).json;
    await drain();
    hook.got.length = 0;

    await removeMember(
      t.app.services,
      { id: owner.user.id, role: 'CUSTOMER', account: { id: accountId, role: 'owner' } },
      { userId: member.user.id },
    );
    const ours = (await fhir('POST', '/fhir/r4/Task', owner.auth, pickupTask({}, 'SUB-LEFT-2'))).json;
    await approveDelivery(t.app.services, actor(people.STAFF), { idOrTrackingNumber: theirs.id });
    await approveDelivery(t.app.services, actor(people.STAFF), { idOrTrackingNumber: ours.id });
    await drain();
    expect(hook.got).toHaveLength(0);
  });

  it('tells of a pickup that places a temperature hold once, as on-hold', async () => {
    const lab = await fhirCustomer(t);
    await fhir('POST', '/fhir/r4/Subscription', lab.auth, subscription(lab.user.accountId as string));
    const fridge = pickupTask({}, 'SUB-HOLD');
    for (const c of fridge.contained as Json[])
      if (c.resourceType === 'Specimen')
        c.extension = [
          ...(c.extension ?? []).filter((e: Json) => e.url !== EXTENSIONS.temperatureClass),
          { url: EXTENSIONS.temperatureClass, valueCode: 'refrigerated' },
        ];
    const task = (await fhir('POST', '/fhir/r4/Task', lab.auth, fridge)).json;
    const s = t.app.services;
    await approveDelivery(s, actor(people.STAFF), { idOrTrackingNumber: task.id });
    await assignDriver(s, actor(people.STAFF), { idOrTrackingNumber: task.id, driverId: people.DRIVER.id });
    await startPickupRun(s, actor(people.DRIVER), { idOrTrackingNumber: task.id });
    await drain();
    hook.got.length = 0;

    const barcodes = ['01', '02', '03'].map((n) => `${task.identifier[1].value}-${n}`);
    await confirmPickup(s, actor(people.DRIVER), { idOrTrackingNumber: task.id, scannedPieces: barcodes, temperatureC: 30 });
    await drain();
    await drain();
    expect(hook.got.map((g) => [g.body.status, g.body.businessStatus.coding[0].code])).toEqual([['on-hold', 'picked_up']]);
  });

  it('retries a failing endpoint as webhooks do, and disables it (status error) after a day of failures', async () => {
    const lab = await fhirCustomer(t);
    const sub = (await fhir('POST', '/fhir/r4/Subscription', lab.auth, subscription(lab.user.accountId as string))).json;
    hook.got.length = 0;
    hook.answers.push(500);
    const task = (await fhir('POST', '/fhir/r4/Task', lab.auth, pickupTask({}, 'SUB-RETRY'))).json;
    await drain();
    expect(hook.got).toHaveLength(1);
    clock.advance(6_000);
    await drain();
    expect(hook.got).toHaveLength(2);
    expect(hook.got[1].headers['webhook-id']).toBe(hook.got[0].headers['webhook-id']);
    const [msg] = (await t.db.select().from(webhookMessages).where(eq(webhookMessages.eventType, FHIR_TASK_EVENT))).filter(
      (m) => (m.payload as Json).id === task.id,
    );
    expect(msg.status).toBe('sent');
    const log = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.messageId, msg.id));
    expect(log.map((a) => a.statusCode).sort()).toEqual([200, 500]);

    // Failing for a day: disabled, and the Subscription says error.
    hook.answers.push(...Array(20).fill(500));
    await approveDelivery(t.app.services, actor(people.STAFF), { idOrTrackingNumber: task.id });
    for (let i = 0; i < 10; i++) {
      await drain();
      clock.advance(11 * 3_600_000);
    }
    const read = (await fhir('GET', `/fhir/r4/Subscription/${sub.id}`, lab.auth)).json;
    expect(read.status).toBe('error');
    expect(read.error).toContain('Disabled');
    // The account's people see the same on the integrations page, with the delivery log behind it (signed in anew:
    // days have passed).
    const session = await t.bearer(lab.user);
    const listed = await t.app.inject({ url: '/api/v1/integrations/fhir-subscriptions', headers: session });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ _id: sub.id, endpoint: hook.url(), status: 'error', error: expect.stringContaining('Disabled') }),
    ]);
    const shown = await t.app.inject({ url: `/api/v1/integrations/fhir-subscriptions/${sub.id}/deliveries`, headers: session });
    expect(shown.statusCode, shown.body).toBe(200);
    const attempts = shown.json().data as Json[];
    expect(attempts[0]).toMatchObject({ succeeded: false, statusCode: 500 });
    expect(attempts.some((a) => a.succeeded && a.statusCode === 200)).toBe(true);
    expect(attempts[0]).not.toHaveProperty('eventType');
    hook.answers.length = 0;
    // Set active again: it is enabled and what waited is sent.
    const put = await fhir('PUT', `/fhir/r4/Subscription/${sub.id}`, lab.auth, {
      ...subscription(lab.user.accountId as string),
      id: sub.id,
      status: 'active',
    });
    expect(put.json.status).toBe('active');
    hook.got.length = 0;
    await drain();
    expect(hook.got.map((g) => [g.body.id, g.body.status])).toEqual([[task.id, 'accepted']]);
  });

  it("shows an account's people its Subscriptions signed in: an owner all, a member their own, nobody another's", async () => {
    const owner = await fhirCustomer(t);
    const accountId = owner.user.accountId as string;
    const member = await fhirCustomer(t, ['fhir'], { accountId, accountRole: 'member' });
    const mine = (await fhir('POST', '/fhir/r4/Subscription', owner.auth, subscription(accountId))).json;
    const theirs = (await fhir('POST', '/fhir/r4/Subscription', member.auth, subscription(accountId))).json;
    const list = (headers: Record<string, string>) => t.app.inject({ url: '/api/v1/integrations/fhir-subscriptions', headers });
    const ids = async (headers: Record<string, string>) => ((await list(headers)).json().data as Json[]).map((x) => x._id).sort();
    expect(await ids(owner.session)).toEqual([mine.id, theirs.id].sort());
    expect(await ids(member.session)).toEqual([theirs.id]);
    const other = await fhirCustomer(t);
    expect(await ids(other.session)).toEqual([]);
    // An API key is the lab system's, which reads them over FHIR.
    expect((await list(owner.auth)).statusCode).toBe(403);
    const log = (headers: Record<string, string>, id: string) =>
      t.app.inject({ url: `/api/v1/integrations/fhir-subscriptions/${id}/deliveries`, headers });
    expect((await log(owner.session, theirs.id)).statusCode).toBe(200);
    expect((await log(member.session, mine.id)).statusCode).toBe(404);
    expect((await log(other.session, theirs.id)).statusCode).toBe(404);
    expect((await log(owner.auth, mine.id)).statusCode).toBe(403);
  });

  it('reads, lists, switches off and deletes a Subscription; refuses what is not its own', async () => {
    const lab = await fhirCustomer(t);
    const accountId = lab.user.accountId as string;
    const sub = (await fhir('POST', '/fhir/r4/Subscription', lab.auth, subscription(accountId))).json;
    expect((await fhir('GET', `/fhir/r4/Subscription/${sub.id}`, lab.auth)).json.id).toBe(sub.id);
    const list = (await fhir('GET', '/fhir/r4/Subscription', lab.auth)).json;
    expect(list).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 1 });

    const other = await fhirCustomer(t);
    expect((await fhir('GET', `/fhir/r4/Subscription/${sub.id}`, other.auth)).status).toBe(404);
    expect((await fhir('DELETE', `/fhir/r4/Subscription/${sub.id}`, other.auth)).status).toBe(404);
    const foreign = await fhir('POST', '/fhir/r4/Subscription', other.auth, subscription(accountId));
    expect(foreign.status).toBe(403);
    expect(foreign.json.issue[0].expression).toEqual(['Subscription.criteria']);

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ criteria: 'Patient?name=x' }, 400, 'Subscription.criteria'],
      [{ channel: { type: 'websocket' } }, 422, 'Subscription.channel.type'],
      [{ channel: { type: 'rest-hook', endpoint: 'http://example.com/hook' } }, 400, 'Subscription.channel.endpoint'],
      [
        { channel: { type: 'rest-hook', endpoint: hook.url(), header: ['Content-Type: text/plain'] } },
        400,
        'Subscription.channel.header[0]',
      ],
      [{ channel: { type: 'rest-hook', endpoint: hook.url(), header: ['X-Bad: a\r\nb'] } }, 400, 'Subscription.channel.header[0]'],
      [{ channel: { type: 'rest-hook', endpoint: hook.url(), header: ['X-Bad: a\u0001b'] } }, 400, 'Subscription.channel.header[0]'],
      [{ channel: { type: 'rest-hook', endpoint: hook.url(), header: ['X-Bad: caf\u00e9'] } }, 400, 'Subscription.channel.header[0]'],
      [{ channel: { type: 'rest-hook', endpoint: hook.url(), header: ['X-Bad: \u2713'] } }, 400, 'Subscription.channel.header[0]'],
    ];
    for (const [extra, status, expression] of refusals) {
      const res = await fhir('POST', '/fhir/r4/Subscription', lab.auth, subscription(accountId, extra));
      expect(res.status, JSON.stringify(extra)).toBe(status);
      expect(res.json.issue[0].expression).toEqual([expression]);
    }

    // Off: nothing is sent.
    const off = await fhir('PUT', `/fhir/r4/Subscription/${sub.id}`, lab.auth, { ...subscription(accountId), id: sub.id, status: 'off' });
    expect(off.json.status).toBe('off');
    hook.got.length = 0;
    await fhir('POST', '/fhir/r4/Task', lab.auth, pickupTask({}, 'SUB-OFF'));
    await drain();
    expect(hook.got).toHaveLength(0);

    expect((await fhir('DELETE', `/fhir/r4/Subscription/${sub.id}`, lab.auth)).status).toBe(204);
    expect((await fhir('GET', `/fhir/r4/Subscription/${sub.id}`, lab.auth)).status).toBe(404);
    expect((await fhir('GET', '/fhir/r4/Subscription', lab.auth)).json.total).toBe(0);
  });
});
