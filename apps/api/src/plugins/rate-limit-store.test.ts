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

  it.runIf(process.env.TEST_REDIS_URL)('outlive a restart when kept in Redis (REDIS_URL)', async () => {
    await exhaustThenRestart(database, { REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
  });
});
