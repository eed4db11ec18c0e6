import { randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { createCapturingMailer, openTestDatabase, testEnv } from '../test/test-app.js';

/** The opt-in form allows 20 calls a minute per address; invalid bodies count too. */
const OPTIN_LIMIT = 20;

async function exhaustThenRestart(database: Database, env: Record<string, string>) {
  const settings = testEnv(env);
  const address = `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}`;
  const optin = (app: Awaited<ReturnType<typeof buildApp>>) =>
    app.inject({ method: 'POST', url: '/api/v1/optform', payload: {}, remoteAddress: address });
  const build = () => buildApp({ env: settings, database, mailer: createCapturingMailer(), logger: false, runOutbox: false });

  const first = await build();
  for (let i = 0; i < OPTIN_LIMIT; i++) expect((await optin(first)).statusCode).toBe(400);
  expect((await optin(first)).statusCode).toBe(429);
  await first.close();

  const second = await build();
  try {
    const after = await optin(second);
    expect(after.statusCode).toBe(429);
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still has its whole allowance.
    expect(
      (await second.inject({ method: 'POST', url: '/api/v1/optform', payload: {}, remoteAddress: `192.0.2.${randomInt(1, 255)}` }))
        .statusCode,
    ).toBe(400);
  } finally {
    await second.close();
    rmSync(settings.DATA_DIR, { recursive: true, force: true });
  }
}

describe('rate-limit counters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('outlive a restart when kept in the database (no REDIS_URL)', async () => {
    await exhaustThenRestart(database, {});
  });

  it('count every concurrent hit exactly within one process', async () => {
    const settings = testEnv({});
    const app = await buildApp({ env: settings, database, mailer: createCapturingMailer(), logger: false, runOutbox: false });
    try {
      const address = `203.0.${randomInt(0, 255)}.${randomInt(1, 255)}`;
      const codes = await Promise.all(
        Array.from({ length: OPTIN_LIMIT + 10 }, () =>
          app.inject({ method: 'POST', url: '/api/v1/optform', payload: {}, remoteAddress: address }),
        ),
      );
      const statuses = codes.map((r) => r.statusCode);
      expect(statuses.filter((c) => c === 400)).toHaveLength(OPTIN_LIMIT);
      expect(statuses.filter((c) => c === 429)).toHaveLength(10);
    } finally {
      await app.close();
      rmSync(settings.DATA_DIR, { recursive: true, force: true });
    }
  });

  it('are shared by two processes on one database, each learning the count of the other with its next write', async () => {
    const settings = testEnv({});
    const build = () => buildApp({ env: settings, database, mailer: createCapturingMailer(), logger: false, runOutbox: false });
    const [one, two] = [await build(), await build()];
    try {
      const address = `203.0.${randomInt(0, 255)}.${randomInt(1, 255)}`;
      const optin = (app: typeof one) => app.inject({ method: 'POST', url: '/api/v1/optform', payload: {}, remoteAddress: address });
      const written = () => new Promise((resolve) => setTimeout(resolve, 300));
      for (let i = 0; i < 15; i++) expect((await optin(one)).statusCode).toBe(400);
      await written();
      // The second process learns the first's 15 with its own first write, about a tenth of a second later.
      expect((await optin(two)).statusCode).toBe(400);
      await written();
      for (let i = 0; i < OPTIN_LIMIT - 16; i++) expect((await optin(two)).statusCode).toBe(400);
      expect((await optin(two)).statusCode).toBe(429);
      // And the first learns the second's with its next write: one more may pass, then none.
      expect([400, 429]).toContain((await optin(one)).statusCode);
      await written();
      expect((await optin(one)).statusCode).toBe(429);
    } finally {
      await Promise.all([one.close(), two.close()]);
      rmSync(settings.DATA_DIR, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('outlive a restart when kept in Redis (REDIS_URL)', async () => {
    await exhaustThenRestart(database, { REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
  });
});
