/**
 * A server for the responsiveness parts (responsiveness.ts), run in its own process so the prober does not share
 * its event loop: the app built from the sources on PGlite in memory (LOAD_DATABASE unset) or on a fresh
 * PostgreSQL database (LOAD_DATABASE=postgres://...), its import caps left at their defaults, the clock fixed at
 * the test kit's Monday 10:00 in Boston so the CSV's rows and the shifts are in the future. Prepares a customer,
 * another to warm the import's code up with (each customer has its own import rate), a parcel in transit to track, and with LOAD_JOBS=n, n approved jobs and 20 drivers with shifts for a route plan.
 * Prints one JSON line with the address and the credentials.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { roleFromId } from '@courier/contract';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { createDelivery, createUser, seededRandom, seedPlanningDay } from '../apps/api/src/db/seed/factories.js';
import { parseEnv } from '../apps/api/src/env.js';
import { TEST_NOW } from '../apps/api/src/modules/deliveries/delivery-test-kit.js';
import { signAccessToken } from '../apps/api/src/platform/access-token.js';
import { fixedClock } from '../apps/api/src/platform/clock.js';

const DRIVERS = 20;
const NOW = new Date(TEST_NOW);

/** A fixed pseudo-random sequence, so every run plans the same day. */
const random = seededRandom(42);

async function freshPostgres(base: string) {
  const name = `courier_load_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

async function main() {
  const base = process.env.LOAD_DATABASE;
  const database = base ? await freshPostgres(base) : await openDatabase({});
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'courier-load-')),
    PUBLIC_URL: 'http://courier.bench',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    TRUST_PROXY: 'true',
    ROUTING_BASE: '42.3601,-71.0589',
  });
  const app = await buildApp({ env, database, clock: fixedClock(NOW), runOutbox: false });
  const bearer = async (user: { id: string; roleId: string }) =>
    `Bearer ${await signAccessToken(app.services.jwtKey, { sub: user.id, role: roleFromId(user.roleId) ?? 'CUSTOMER' }, NOW)}`;
  const { db } = app.services;
  const { user: customer } = await createUser(db);
  const { user: warmer } = await createUser(db);
  const { user: staff } = await createUser(db, { role: 'STAFF' });
  const { user: admin } = await createUser(db, { role: 'ADMIN' });
  const parcel = await createDelivery(db, { customerId: customer.id, status: 'in_transit', createdAt: NOW });

  const jobs = Number(process.env.LOAD_JOBS ?? 0);
  if (jobs > 0) {
    const adminAuth = await bearer(admin);
    for (let i = 0; i < DRIVERS; i++) {
      const { user } = await createUser(db, { role: 'DRIVER' });
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/users/${user.id}/shift`,
        headers: { authorization: adminAuth },
        payload: { shift: { start: '08:00', end: '18:00', startPlace: 'base' }, vehicleCapacity: 12 },
      });
      if (res.statusCode !== 200) throw new Error(`shift: ${res.statusCode} ${res.body}`);
    }
    await seedPlanningDay(db, { customerId: customer.id, accountId: customer.accountId as string }, jobs, NOW, random);
  }

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(
    JSON.stringify({
      baseURL: address,
      database: database.kind,
      customerAuth: await bearer(customer),
      warmAuth: await bearer(warmer),
      staffAuth: await bearer(staff),
      trackingNumber: parcel.orderId,
    }),
  );
  const stop = () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
