import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import type { Actor } from '../../platform/policy.js';
import { useTestApp } from '../../test/test-app.js';
import { approveDelivery } from '../dispatch/approve-delivery.js';
import { assignDriver } from '../dispatch/assign-driver.js';
import { type Crew, crew, signaturePng } from '../dispatch/operations-test-kit.js';
import { cancelDelivery } from '../deliveries/cancel-delivery.js';
import { placeHold } from '../deliveries/place-hold.js';
import { TEST_NOW } from '../deliveries/delivery-test-kit.js';
import { confirmPickup } from '../driver/confirm-pickup.js';
import { recordProofOfDelivery } from '../driver/record-proof-of-delivery.js';
import { startPickupRun } from '../driver/start-pickup-run.js';
import { startTransit } from '../driver/start-transit.js';
import { recordReceiptForLab } from '../medical/record-receipt.js';
import { CODE_SYSTEMS } from '../fhir-task/fhir-codes.js';
import { fhirCustomer, fhirProblems, pickupTask } from './fhir-test-kit.js';

// biome-ignore lint/suspicious/noExplicitAny: FHIR JSON is read by path in the assertions.
type Json = Record<string, any>;

describe('FHIR R4 Tasks', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let people: Crew;
  let lab: Awaited<ReturnType<typeof fhirCustomer>>;
  let otherLab: Awaited<ReturnType<typeof fhirCustomer>>;

  beforeAll(async () => {
    people = await crew(t);
    lab = await fhirCustomer(t, ['fhir'], { organisation: 'Acme Labs' });
    otherLab = await fhirCustomer(t);
  });

  const actor = (p: { id: string; role: Actor['role'] }): Actor => ({ id: p.id, role: p.role });

  /** A FHIR call; every answer's body must be a valid R4 resource. */
  async function fhir(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = lab.auth) {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/fhir+json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const json = res.body ? (res.json() as Json) : null;
    if (json) expect(fhirProblems(json), `${method} ${url} → ${res.body}`).toEqual([]);
    if (json) expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    return { res, status: res.statusCode, json: json as Json };
  }

  const book = async (overrides: Record<string, unknown> = {}, identifier?: string, headers?: Record<string, string>) =>
    fhir('POST', '/fhir/r4/Task', pickupTask(overrides, identifier ?? `ORD-${Math.random().toString(36).slice(2, 10)}`), headers);

  it('publishes its CapabilityStatement without credentials', async () => {
    const { status, json } = await fhir('GET', '/fhir/r4/metadata', undefined, {});
    expect(status).toBe(200);
    expect(json.resourceType).toBe('CapabilityStatement');
    expect(json.fhirVersion).toBe('4.0.1');
    const types = json.rest[0].resource.map((r: Json) => r.type);
    expect(types).toEqual(['Task', 'Subscription']);
    expect(JSON.stringify(json.rest[0].security)).toContain('http://courier.test/fhir/r4/auth/token');
  });

  it('follows a Task through its whole life against the real delivery', async () => {
    const booked = await book({}, 'ORD-LIFE');
    expect(booked.status).toBe(201);
    const task = booked.json;
    expect(booked.res.headers.location).toBe(`http://courier.test/fhir/r4/Task/${task.id}`);
    expect(task).toMatchObject({
      status: 'requested',
      intent: 'order',
      priority: 'stat',
      businessStatus: { coding: [{ code: 'pending' }] },
    });
    expect(task.requester.reference).toBe(`Organization/${lab.user.accountId}`);
    expect(task.requester.display).toBe('Acme Labs');
    expect(task.restriction.period.end).toBe('2026-03-03T19:00:00.000Z');
    expect(task.identifier[0]).toEqual({ use: 'usual', system: 'urn:oid:2.16.840.1.113883.3.1234.1', value: 'ORD-LIFE' });
    // The specimens: two accessions, three containers (pieces), each piece's barcode as a container identifier.
    const specimens = task.contained.filter((r: Json) => r.resourceType === 'Specimen');
    expect(specimens.map((s: Json) => [s.accessionIdentifier.value, s.container.length])).toEqual([
      ['ACC-1', 2],
      ['ACC-2', 1],
    ]);
    expect(JSON.stringify(task)).not.toContain('Patient');

    // The JSON API sees the same delivery: its pieces, price and handling as a booking through the form.
    const d = (await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${task.id}`, headers: lab.session })).json().data;
    expect(d.packageType).toBe('SPECIMEN');
    expect(d.priority).toBe('stat');
    expect(d.pieces.map((p: Json) => p.accession)).toEqual(['ACC-1', 'ACC-1', 'ACC-2']);
    expect(d.specimen).toMatchObject({ category: 'exempt', stableForHours: 48 });
    const barcodes = d.pieces.map((p: Json) => p.barcode);

    const s = t.app.services;
    const read = async () => (await fhir('GET', `/fhir/r4/Task/${task.id}`)).json;
    await approveDelivery(s, actor(people.STAFF), { idOrTrackingNumber: task.id });
    expect((await read()).status).toBe('accepted');
    await assignDriver(s, actor(people.STAFF), { idOrTrackingNumber: task.id, driverId: people.DRIVER.id });
    expect(await read()).toMatchObject({ status: 'accepted', businessStatus: { coding: [{ code: 'assigned' }] } });
    await startPickupRun(s, actor(people.DRIVER), { idOrTrackingNumber: task.id });
    await confirmPickup(s, actor(people.DRIVER), { idOrTrackingNumber: task.id, scannedPieces: barcodes });
    const picked = await read();
    expect(picked).toMatchObject({
      status: 'in-progress',
      businessStatus: { coding: [{ system: CODE_SYSTEMS.deliveryStatus, code: 'picked_up' }] },
    });
    expect(picked.executionPeriod.start).toBeDefined();
    await startTransit(s, actor(people.DRIVER), { idOrTrackingNumber: task.id });
    expect((await read()).businessStatus.coding[0].code).toBe('in_transit');
    await recordProofOfDelivery(s, actor(people.DRIVER), {
      idOrTrackingNumber: task.id,
      fields: { recipientName: 'R. Lee', scannedPieces: JSON.stringify(barcodes) },
      photo: null,
      signature: await signaturePng(),
    });
    expect((await read()).status).toBe('completed');
    await recordReceiptForLab(s, actor(people.STAFF), { idOrTrackingNumber: task.id, status: 'accepted', receivedBy: 'Lab tech' });
    const done = await read();
    expect(done.status).toBe('completed');
    // The receipt per specimen container.
    expect(done.output.map((o: Json) => [o.type.text, o.valueCodeableConcept.coding[0].code])).toEqual(
      barcodes.map((b: string) => [`Receipt of ${b}`, 'received']),
    );
    expect(done.output[2].extension[0].valueReference.reference).toBe('#specimen-2');
  });

  it('answers on-hold with the hold reason while a parcel on board is held', async () => {
    const { json } = await book();
    const s = t.app.services;
    const barcodes = ['01', '02', '03'].map((n) => `${json.identifier[1].value}-${n}`);
    await approveDelivery(s, actor(people.STAFF), { idOrTrackingNumber: json.id });
    await assignDriver(s, actor(people.STAFF), { idOrTrackingNumber: json.id, driverId: people.DRIVER.id });
    await startPickupRun(s, actor(people.DRIVER), { idOrTrackingNumber: json.id });
    await confirmPickup(s, actor(people.DRIVER), { idOrTrackingNumber: json.id, scannedPieces: barcodes });
    await t.db.transaction(async (tx) => {
      const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, json.id));
      await placeHold(tx, s, actor(people.STAFF), row, { reason: 'Temperature excursion', note: 'Probe read 31 °C' }, clock.now());
    });
    const held = (await fhir('GET', `/fhir/r4/Task/${json.id}`)).json;
    expect(held).toMatchObject({
      status: 'on-hold',
      statusReason: { text: 'Temperature excursion' },
      businessStatus: { coding: [{ code: 'picked_up' }] },
    });
    expect((await fhir('GET', '/fhir/r4/Task?status=on-hold')).json.entry.map((e: Json) => e.resource.id)).toEqual([json.id]);
    expect((await fhir('GET', '/fhir/r4/Task?status=in-progress')).json.entry?.map((e: Json) => e.resource.id) ?? []).not.toContain(
      json.id,
    );
  });

  it('answers cancelled with the reason as statusReason', async () => {
    const { json } = await book();
    await cancelDelivery(t.app.services, actor(people.STAFF), { idOrTrackingNumber: json.id, reason: 'Lab closed' });
    const read = (await fhir('GET', `/fhir/r4/Task/${json.id}`)).json;
    expect(read).toMatchObject({ status: 'cancelled', statusReason: { text: 'Lab closed' } });
  });

  it('books once per identifier with If-None-Exist, and refuses the same identifier without it', async () => {
    const first = await book({}, 'ORD-IDEM', { ...lab.auth });
    expect(first.status).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/Task',
      headers: {
        ...lab.auth,
        'content-type': 'application/fhir+json',
        'if-none-exist': 'identifier=urn:oid:2.16.840.1.113883.3.1234.1|ORD-IDEM',
      },
      payload: JSON.stringify(pickupTask({}, 'ORD-IDEM')),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json.id);
    const dup = await book({}, 'ORD-IDEM');
    expect(dup.status).toBe(409);
    expect(dup.json.issue[0]).toMatchObject({ code: 'duplicate', expression: ['Task.identifier'] });
    // The same identifier is another account's own business.
    expect((await book({}, 'ORD-IDEM', otherLab.auth)).status).toBe(201);
  });

  it('books once when two requests with the same If-None-Exist race', async () => {
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/fhir/r4/Task',
        headers: {
          ...lab.auth,
          'content-type': 'application/fhir+json',
          'if-none-exist': 'identifier=urn:oid:2.16.840.1.113883.3.1234.1|ORD-RACE',
        },
        payload: JSON.stringify(pickupTask({}, 'ORD-RACE')),
      });
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const found = (await fhir('GET', '/fhir/r4/Task?identifier=ORD-RACE')).json;
    expect(found.total).toBe(1);
    // If-None-Exist must name the Task's own identifier.
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/Task',
      headers: { ...lab.auth, 'content-type': 'application/fhir+json', 'if-none-exist': 'identifier=urn:x|OTHER' },
      payload: JSON.stringify(pickupTask({}, 'ORD-RACE-2')),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().issue[0].expression).toEqual(['Task.identifier']);
  });

  it("answers another account's Task, and an unknown one, 404", async () => {
    const { json } = await book();
    const other = await fhir('GET', `/fhir/r4/Task/${json.id}`, undefined, otherLab.auth);
    expect(other.status).toBe(404);
    expect(other.json).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] });
    expect((await fhir('GET', '/fhir/r4/Task/not-a-task')).status).toBe(404);
    const search = await fhir('GET', `/fhir/r4/Task?_count=100`, undefined, otherLab.auth);
    expect(search.json.entry.map((e: Json) => e.resource.id)).not.toContain(json.id);
  });

  it('searches by status, identifier and _lastUpdated, and pages with _count and next links', async () => {
    const searcher = await fhirCustomer(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(60_000);
      ids.push((await book({}, `SRCH-${i}`, searcher.auth)).json.id);
    }
    clock.advance(60_000);
    await approveDelivery(t.app.services, actor(people.STAFF), { idOrTrackingNumber: ids[0] });
    const get = async (query: string) => (await fhir('GET', `/fhir/r4/Task?${query}`, undefined, searcher.auth)).json;

    const requested = await get('status=requested');
    expect(requested).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 4 });
    expect((await get('status=accepted')).entry.map((e: Json) => e.resource.id)).toEqual([ids[0]]);
    expect((await get('status=requested,accepted')).total).toBe(5);
    expect((await get('status=completed')).entry).toBeUndefined();
    const byId = await get('identifier=urn:oid:2.16.840.1.113883.3.1234.1|SRCH-3');
    expect(byId.entry.map((e: Json) => e.resource.id)).toEqual([ids[3]]);
    expect((await get('identifier=SRCH-2')).entry.map((e: Json) => e.resource.id)).toEqual([ids[2]]);
    const since = new Date(clock.now().getTime() - 210_000).toISOString();
    // The last three booked, and the first (approved just now).
    const recent = await get(`_lastUpdated=gt${since}`);
    expect(new Set(recent.entry.map((e: Json) => e.resource.id))).toEqual(new Set([ids[0], ids[2], ids[3], ids[4]]));
    expect((await get(`_lastUpdated=gt${since}&_lastUpdated=lt${clock.now().toISOString()}`)).total).toBe(3);

    // Pages of 2, newest change first, followed by their next links to the end.
    const seen: string[] = [];
    let page = await get('_count=2');
    expect(page.total).toBe(5);
    for (;;) {
      seen.push(...page.entry.map((e: Json) => e.resource.id));
      const next = page.link.find((l: Json) => l.relation === 'next');
      if (!next) break;
      const url = new URL(next.url);
      expect(url.origin).toBe('http://courier.test');
      page = (await fhir('GET', `${url.pathname}${url.search}`, undefined, searcher.auth)).json;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(seen[0]).toBe(ids[0]); // approved last
  });

  it('answers every error as an OperationOutcome with its status and the element at fault', async () => {
    const anonymous = await fhir('GET', '/fhir/r4/Task', undefined, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.issue[0].code).toBe('login');
    expect((await fhir('GET', '/fhir/r4/Task', undefined, { authorization: 'Bearer mck_nonsense' })).status).toBe(401);
    const session = await fhir('GET', '/fhir/r4/Task', undefined, lab.session);
    expect(session.status).toBe(401);

    const noScope = await fhirCustomer(t, ['deliveries:read']);
    const forbidden = await fhir('GET', '/fhir/r4/Task', undefined, noScope.auth);
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.issue[0]).toMatchObject({ code: 'forbidden', diagnostics: 'This API key lacks the scope fhir' });

    const cases: [Record<string, unknown>, number, string][] = [
      [{ intent: 'plan' }, 400, 'Task.intent'],
      [{ code: { text: 'pickup' } }, 400, 'Task.code'],
      [{ priority: 'asap' }, 400, 'Task.priority'],
      [{ restriction: undefined }, 400, 'Task.restriction.period.end'],
      [{ restriction: { period: { end: '2026-03-01T10:00:00Z' } } }, 400, 'Task.restriction.period.end'],
      [{ location: { reference: '#nowhere' } }, 400, 'Task.location.reference'],
      [{ input: [] }, 400, 'Task.input'],
    ];
    for (const [overrides, status, expression] of cases) {
      const res = await book(overrides);
      expect(res.status, JSON.stringify(overrides)).toBe(status);
      expect(res.json.resourceType).toBe('OperationOutcome');
      expect(res.json.issue[0].expression).toEqual([expression]);
    }
    // What the booking itself refuses is named where it sits in the Task.
    const contained = pickupTask().contained as Json[];
    const badPhone = structuredClone(contained);
    badPhone[0].telecom = [{ system: 'phone', value: 'call me' }];
    const phone = await book({ contained: badPhone });
    expect(phone.status).toBe(400);
    expect(phone.json.issue[0].expression).toEqual(['Task.contained[0].telecom']);
    const noAccession = structuredClone(contained);
    delete noAccession[3].accessionIdentifier;
    expect((await book({ contained: noAccession })).json.issue[0].expression).toEqual(['Task.contained[3].accessionIdentifier']);
    const farAway = structuredClone(contained);
    farAway[1].address = { text: 'Nowhere Street 1, Atlantis' };
    const place = await book({ contained: farAway });
    expect(place.status).toBe(400);
    expect(place.json.issue[0].expression).toEqual(['Task.contained[1].address']);

    expect((await fhir('POST', '/fhir/r4/Task', { resourceType: 'Patient' })).json.issue[0].expression).toEqual(['Task.resourceType']);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/Task',
      headers: { ...lab.auth, 'content-type': 'application/fhir+json' },
      payload: '{"resourceType":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(fhirProblems(notJson.json())).toEqual([]);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/Task',
      headers: { ...lab.auth, 'content-type': 'application/fhir+xml' },
      payload: '<Task/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().resourceType).toBe('OperationOutcome');
    const unknown = await fhir('GET', '/fhir/r4/Patient/1');
    expect(unknown.status).toBe(404);
    expect((await fhir('GET', '/fhir/r4/Task?status=bogus')).json.issue[0].expression).toEqual(['status']);
    expect((await fhir('GET', '/fhir/r4/Task?_count=lots')).status).toBe(400);
  });

  it('accepts the JSON content type too, and keeps the JSON API and its document as they were', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/fhir/r4/Task', headers: lab.auth, payload: pickupTask() });
    expect(res.statusCode).toBe(201);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    // The FHIR interactions are not in it (the SMART token and configuration endpoints, plain OAuth and JSON, are).
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/fhir'))
        .sort(),
    ).toEqual(['/fhir/r4/.well-known/smart-configuration', '/fhir/r4/auth/token']);
    const webhooks = await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: lab.session });
    expect(webhooks.statusCode).toBe(200);
  });
});
