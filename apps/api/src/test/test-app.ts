import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type AppOptions, buildApp } from '../app.js';
import { type Database, openDatabase } from '../db/client.js';
import { parseEnv, type TEnv } from '../env.js';
import type { Clock } from '../platform/clock.js';
import type { LogStream } from '../platform/logger.js';
import type { Mailer, OutgoingEmail } from '../platform/mailer.js';
import { signAccessToken } from '../platform/access-token.js';
import { checkResponsesOf } from './response-check.js';

/**
 * A fresh database per call: PGlite in memory, or a throw-away database on the PostgreSQL server
 * named by TEST_DATABASE_URL (dropped on close).
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openDatabase({});
  const name = `courier_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** The outside world's SMTP server, faked at its boundary: messages are kept in memory. */
export function createCapturingMailer(): Mailer & { sent: OutgoingEmail[]; failNext: number } {
  const mailer = {
    kind: 'smtp' as const,
    sent: [] as OutgoingEmail[],
    failNext: 0,
    send: async (m: OutgoingEmail) => {
      if (mailer.failNext > 0) {
        mailer.failNext--;
        throw new Error('SMTP server unavailable');
      }
      mailer.sent.push(m);
    },
    close: () => {},
  };
  return mailer;
}

export function testEnv(overrides: Record<string, string> = {}): TEnv {
  const dataDir = mkdtempSync(join(tmpdir(), 'courier-test-'));
  return parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://courier.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    // Never the default ./backups, which would be the working directory's.
    BACKUP_DIR: join(dataDir, 'backups'),
    ...overrides,
  });
}

export interface TestAppOptions {
  clock?: Clock;
  env?: Record<string, string>;
  webRoot?: string;
  /** Log lines go here (at env LOG_LEVEL) instead of nowhere. */
  logStream?: LogStream;
  /** Sees every route as it is added. */
  onRoute?: AppOptions['onRoute'];
  /** PostgreSQL: DATABASE_READ_URL for the test database's URL (a streaming replica's copy of it). */
  readReplicaOf?: (primaryUrl: string) => string;
}

/** The real app on a real, empty database; close() drops everything it made. */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  const replica: Record<string, string> =
    options.readReplicaOf && database.url ? { DATABASE_URL: database.url, DATABASE_READ_URL: options.readReplicaOf(database.url) } : {};
  const env = testEnv({ ...options.env, ...replica });
  const mailer = createCapturingMailer();
  const app = await buildApp({
    env,
    database,
    mailer,
    clock: options.clock,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false as const }),
    runOutbox: false,
    webRoot: options.webRoot,
    onRoute: options.onRoute,
  });
  await app.ready();
  // Every answer a test receives is checked against the live OpenAPI document, so drift fails that test.
  checkResponsesOf(app);
  return {
    app,
    env,
    database,
    db: database.db,
    mailer,
    /** Sends what the outbox holds and returns every e-mail sent so far. */
    async sentEmails() {
      await app.services.outbox.drain();
      return mailer.sent;
    },
    /** An Authorization header for a user, signed the way login signs it. */
    async bearer(user: { id: string; roleId: string }) {
      const { roleFromId } = await import('@courier/contract');
      const token = await signAccessToken(
        app.services.jwtKey,
        { sub: user.id, role: roleFromId(user.roleId) ?? 'CUSTOMER' },
        app.services.clock.now(),
      );
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The test file's app: built on a fresh test database before its tests (beforeAll) and closed after them
 * (afterAll). Read its fields inside tests and hooks only; before beforeAll has run there is no app yet.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error(`useTestApp: read "${String(key)}" before beforeAll built the app`);
      return Reflect.get(current, key);
    },
  });
}
