/**
 * Part `driver-pay`: settling a month of driver pay (issue 37) on PostgreSQL. A fresh database gets 60 drivers and
 * 13,500 pay items over March (jobs, failed drops, returns and a few adjustments, as the moves and administrators
 * write them), then an administrator's POST /api/v1/admin/settlements/run for the month is timed through the real
 * app, and again (the second run finds everything settled). Budget: under 5 s.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { roleFromId } from '@courier/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { payItems } from '../apps/api/src/db/schema/index.js';
import { createUser } from '../apps/api/src/db/seed/factories.js';
import { parseEnv } from '../apps/api/src/env.js';
import { signAccessToken } from '../apps/api/src/platform/access-token.js';
import { fixedClock } from '../apps/api/src/platform/clock.js';

export const PAY_DRIVERS = 60;
export const PAY_JOBS = 13_500;
const NOW = new Date('2026-04-01T14:00:00Z');

export interface DriverPayFigures {
  drivers: number;
  items: number;
  settlements: number;
  runSeconds: number;
  rerunSeconds: number;
  failures: number;
}

/** Runs on a throw-away database of the PostgreSQL server at `maintenanceUrl`, dropped after. */
export async function benchDriverPay(maintenanceUrl: string): Promise<DriverPayFigures> {
  const name = `courier_pay_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const dataDir = mkdtempSync(join(tmpdir(), 'courier-pay-'));
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://courier.bench',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
  });
  const app = await buildApp({ env, database, clock: fixedClock(NOW), runOutbox: false, logger: false });
  try {
    const { db } = app.services;
    const { user: boss } = await createUser(db, { role: 'ADMIN' });
    const drivers: string[] = [];
    for (let i = 0; i < PAY_DRIVERS; i++)
      drivers.push((await createUser(db, { role: 'DRIVER', email: `pay-driver-${i}@bench.test` })).user.id);
    // 13,500 items spread over March's 31 days and the 60 drivers: mostly jobs, some failed drops and returns.
    const rows = Array.from({ length: PAY_JOBS }, (_, i) => {
      const day = 1 + (i % 31);
      const code = i % 20 === 0 ? 'failed_attempt' : i % 45 === 0 ? 'return' : 'job';
      const earnedAt = new Date(Date.UTC(2026, 2, day, 15, i % 60));
      return {
        driverId: drivers[i % PAY_DRIVERS],
        code: code as 'job' | 'failed_attempt' | 'return',
        amountCents: code === 'job' ? 1800 + (i % 900) : 600,
        explanation: code === 'job' ? '2 stops x $4.00 + 12.4 mi x $0.55 + 20% of base $48.00' : 'Failed attempt 1: $6.00 flat',
        earnedOn: `2026-03-${String(day).padStart(2, '0')}`,
        earnedAt,
        milesTenths: code === 'job' ? 40 + (i % 200) : null,
        createdAt: earnedAt,
      };
    });
    for (let i = 0; i < rows.length; i += 2000) await db.insert(payItems).values(rows.slice(i, i + 2000));
    await db.insert(payItems).values(
      drivers.slice(0, 20).map((driverId) => ({
        driverId,
        code: 'adjustment' as const,
        amountCents: -1500,
        explanation: 'Adjustment -$15.00: Damaged parcel',
        earnedOn: '2026-03-15',
        earnedAt: NOW,
        reason: 'Damaged parcel',
        createdBy: boss.id,
      })),
    );
    await db.execute(sql`analyze pay_items`);
    const authorization = `Bearer ${await signAccessToken(app.services.jwtKey, { sub: boss.id, role: roleFromId(boss.roleId) ?? 'ADMIN' }, NOW)}`;
    const settle = async (from = '2026-03-01', to = '2026-03-31') => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/settlements/run',
        headers: { authorization },
        payload: { from, to },
      });
      return {
        seconds: (performance.now() - started) / 1000,
        ok: res.statusCode === 200,
        created: res.statusCode === 200 ? res.json().data.created.length : 0,
      };
    };
    // A warm server: one run of an empty period first (February), as a process that has answered before.
    await settle('2026-02-01', '2026-02-28');
    const first = await settle();
    const again = await settle();
    return {
      drivers: PAY_DRIVERS,
      items: rows.length + 20,
      settlements: first.created,
      runSeconds: first.seconds,
      rerunSeconds: again.seconds,
      failures: (first.ok && first.created === PAY_DRIVERS ? 0 : 1) + (again.ok && again.created === 0 ? 0 : 1),
    };
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    const drop = new pg.Client({ connectionString: maintenanceUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  }
}
