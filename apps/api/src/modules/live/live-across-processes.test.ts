import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { createCapturingMailer, createTestApp, type TestApp, testEnv } from '../../test/test-app.js';
import { type Crew, crew, deliveryIn } from '../dispatch/operations-test-kit.js';
import { type EventStreamClient, listenOnLoopback, openEventStream } from './live-test-kit.js';

/**
 * Two servers on one PostgreSQL database, each with its own pool and LISTEN connection, as two processes
 * behind a load balancer would be: a change made through one reaches streams held on the other.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('live updates across server processes on PostgreSQL', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bDatabase: Database;
  let people: Crew;
  const urls = { a: '', b: '' };
  const open: EventStreamClient[] = [];

  beforeAll(async () => {
    a = await createTestApp();
    const url = (a.database as { url?: string }).url as string;
    bDatabase = await openDatabase({ url });
    b = await buildApp({ env: testEnv(), database: bDatabase, mailer: createCapturingMailer(), logger: false, runOutbox: false });
    urls.a = await listenOnLoopback(a.app);
    urls.b = await listenOnLoopback(b);
    people = await crew(a);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await b.close();
    await bDatabase.close();
    await a.close();
  });

  const move = (server: string, id: string, status: string) =>
    fetch(`${server}/api/v1/driver/deliveries/${id}/status`, {
      method: 'POST',
      headers: { ...people.DRIVER.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });

  it('delivers a move made through one server to the board and the tracking page held on the other within two seconds', async () => {
    const d = await deliveryIn(a, 'picked_up', people.CUSTOMER.id, people.DRIVER.id);
    const board = await openEventStream(`${urls.b}/api/v1/events`, people.STAFF.auth);
    const tracking = await openEventStream(`${urls.a}/api/v1/deliveries/track/${d.orderId}/events`);
    open.push(board, tracking);

    const started = Date.now();
    expect((await move(urls.a, d.id, 'in_transit')).status).toBe(200);
    await board.next((e) => e.event === 'delivery.moved' && e.data.deliveryId === d.id, 0, 2000);
    expect(Date.now() - started).toBeLessThan(2000);

    // Refused (delivering takes the proof call): a change that never commits publishes nothing.
    expect((await move(urls.b, d.id, 'delivered')).status).toBe(400);
    const fix = await fetch(`${urls.b}/api/v1/driver/location`, {
      method: 'POST',
      headers: { ...people.DRIVER.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ lat: 42.35, lng: -71.06 }),
    });
    expect(fix.status).toBe(200);
    await tracking.next((e) => e.event === 'delivery.located', 0, 2000);
    expect(tracking.events.map((e) => e.event)).toEqual(['delivery.moved', 'delivery.located']);
  });

  it('replays on the other server what a stream missed while it reconnected', async () => {
    const d = await deliveryIn(a, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    const first = await openEventStream(`${urls.a}/api/v1/events`, people.CUSTOMER.auth);
    open.push(first);
    expect((await move(urls.a, d.id, 'moving_to_pickup_location')).status).toBe(200);
    const seen = await first.next((e) => e.event === 'delivery.moved', 0, 2000);
    first.close();
    const other = await deliveryIn(a, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    expect((await move(urls.a, other.id, 'moving_to_pickup_location')).status).toBe(200);

    const resumed = await openEventStream(`${urls.b}/api/v1/events`, { ...people.CUSTOMER.auth, 'last-event-id': seen.id });
    open.push(resumed);
    const replayed = await resumed.next((e) => e.event === 'delivery.moved', 0, 2000);
    expect(replayed.data.deliveryId).toBe(other.id);
  });

  it('listens again after PostgreSQL drops the listening connections, and catches up with what was committed meanwhile', async () => {
    const d = await deliveryIn(a, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    const board = await openEventStream(`${urls.b}/api/v1/events`, people.ADMIN.auth);
    open.push(board);
    const dropped = await a.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    expect(dropped.rows.length).toBe(2);
    expect((await move(urls.a, d.id, 'moving_to_pickup_location')).status).toBe(200);
    await board.next((e) => e.event === 'delivery.moved' && e.data.deliveryId === d.id, 0, 5000);
  });
});
