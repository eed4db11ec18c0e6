import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validDeliveryForm } from '../modules/deliveries/delivery-test-kit.js';
import { type Crew, crew } from '../modules/dispatch/operations-test-kit.js';
import { fixedClock } from '../platform/clock.js';
import { createDelivery } from './seed/factories.js';
import { startStreamingReplica, type StartResult } from '../test/streaming-replica.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { READ_REPLICA_APPLICATION_NAME } from './open-read-replica.js';

const BASE = process.env.TEST_DATABASE_URL;
/** Started once for the file (pg_basebackup of the test server); on PGlite there is nothing to copy. */
const started: StartResult = BASE
  ? await startStreamingReplica(BASE)
  : { impossible: 'PGlite has no replica: set TEST_DATABASE_URL to run it on PostgreSQL' };
const skipped = started.impossible;
if (skipped) console.warn(`read replica routing test skipped: ${skipped}`);

const TOKEN = 'metrics-token-0123456789abcdef';
const REPORT = '/api/v1/admin/reports/deliveries?from=2026-03-02&to=2026-03-02&groupBy=day';

async function rowsOn<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(Boolean(skipped))(
  `reads routed to a streaming replica (DATABASE_READ_URL)${skipped ? ` - skipped: ${skipped}` : ''}`,
  () => {
    const replica = started.replica!;
    let t: TestApp;
    let people: Crew;
    let parcel: Awaited<ReturnType<typeof createDelivery>>;
    let lookups = 0;
    const track = (number: string) =>
      t.app.inject({ url: `/api/v1/deliveries/track/${number}`, remoteAddress: `10.1.0.${++lookups % 250}` });
    const bookedToday = async () => {
      const res = await t.app.inject({ url: REPORT, headers: people.STAFF.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.totals.booked as number;
    };
    const replicaLag = async () => {
      const scrape = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const figure = scrape.body.match(/^courier_db_replica_lag_seconds (\S+)$/m);
      expect(figure, 'courier_db_replica_lag_seconds is exported').not.toBeNull();
      return Number(figure?.[1]);
    };
    const primaryUrl = () => t.database.url!;
    const replicaUrl = () => replica.urlFor(primaryUrl());

    beforeAll(async () => {
      t = await createTestApp({
        clock: fixedClock('2026-03-02T20:00:00Z'),
        env: { BUSINESS_TZ: 'America/New_York', METRICS_TOKEN: TOKEN },
        readReplicaOf: (url) => replica.urlFor(url),
      });
      people = await crew(t);
      parcel = await createDelivery(t.db, {
        customerId: people.CUSTOMER.id,
        driverId: people.DRIVER.id,
        status: 'in_transit',
        recipientName: 'Priya Raman',
        recipientPhone: '+16175550177',
        createdAt: new Date('2026-03-02T14:00:00Z'),
        stepMinutes: 30,
      });
      await replica.caughtUp();
    }, 120_000);
    afterAll(async () => {
      await replica.resumeReplay().catch(() => {});
      await t?.close();
      await replica.stop();
    });

    it('is a real hot standby: it answers reads of the test database and refuses writes', async () => {
      const [{ standby }] = await rowsOn<{ standby: boolean }>(replicaUrl(), 'select pg_is_in_recovery() as standby');
      expect(standby).toBe(true);
      await expect(
        rowsOn(replicaUrl(), `update deliveries set status = 'cancelled' where order_id = $1`, [parcel.orderId]),
      ).rejects.toThrow(/read-only transaction/);
    });

    it('answers public tracking from the replica: status, timeline, no personal data', async () => {
      const res = await track(parcel.orderId);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ trackingNumber: parcel.orderId, status: 'in_transit' });
      expect(data.timeline.map((e: { status: string }) => e.status)).toEqual([
        'pending',
        'approved',
        'assigned',
        'moving_to_pickup_location',
        'picked_up',
        'in_transit',
      ]);
      expect(res.body).not.toContain('Priya');
      expect(res.body).not.toContain('5550177');
    });

    it('answers the delivery report from the replica', async () => {
      expect(await bookedToday()).toBe(1);
      const csv = await t.app.inject({ url: REPORT.replace('deliveries?', 'deliveries/export.csv?'), headers: people.STAFF.auth });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body).toMatch(/^Total,1,/m);
    });

    it('with replay paused: the booker reads their booking back from the primary; tracking and reports wait for the replica', async () => {
      await replica.pauseReplay();
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/deliveries',
        headers: people.CUSTOMER.auth,
        payload: validDeliveryForm(),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const { _id: id, orderId } = booked.json().data;
      // The person who wrote it reads it back at once: the primary.
      const mine = await t.app.inject({ url: `/api/v1/deliveries/${id}`, headers: people.CUSTOMER.auth });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().data.orderId).toBe(orderId);
      // The replica has not applied it yet, and the lag-tolerant reads are served there.
      expect((await track(orderId)).statusCode).toBe(404);
      expect(await bookedToday()).toBe(1);
      // The operator sees the lag grow while replay waits, and ready still (a lagging replica is not a dead one).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await replicaLag()).toBeGreaterThanOrEqual(1);
      expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready', database: 'up', files: 'up', replica: 'up' });

      await replica.resumeReplay();
      await replica.caughtUp();
      expect((await track(orderId)).statusCode).toBe(200);
      expect(await bookedToday()).toBe(2);
      expect(await replicaLag()).toBe(0);
    });

    it('opens its read sessions on the replica only, named courier-read, and labels that pool in /metrics', async () => {
      const sessions = `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1`;
      const [onReplica] = await rowsOn<{ n: number }>(replicaUrl(), sessions, [READ_REPLICA_APPLICATION_NAME]);
      const [onPrimary] = await rowsOn<{ n: number }>(primaryUrl(), sessions, [READ_REPLICA_APPLICATION_NAME]);
      expect(onReplica.n).toBeGreaterThan(0);
      expect(onPrimary.n).toBe(0);
      const scrape = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scrape.body).toMatch(/^courier_db_pool_connections\{pool="replica",state="idle"\} [1-9]\d*$/m);
      expect(scrape.body).toMatch(/^courier_db_pool_max\{pool="replica"\} 10$/m);
      expect(scrape.body).toMatch(/^courier_db_pool_max\{pool="primary"\} 10$/m);
    });

    // Last: it stops the replica.
    it('is not ready while the replica does not answer, and says which store is away', async () => {
      await replica.stop();
      const ready = await t.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'up', files: 'up', replica: 'down' });
    });
  },
);
