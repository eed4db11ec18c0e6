import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { createUser } from '../../db/seed/factories.js';
import { deliveryEvents } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { isBackupArchive } from '../../platform/backup-names.js';
import { testEnv, useTestApp } from '../../test/test-app.js';
import { TEST_NOW, validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { RestoreRefused, restoreBackup } from './restore-backup.js';
import { takeBackup } from './take-backup.js';

const places: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'courier-backup-test-'));
  places.push(dir);
  return dir;
};

/** A new, empty database on the test PostgreSQL server (dropped after the file). */
const emptyDatabases: string[] = [];
async function emptyPostgresDatabase(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `courier_restore_${Math.random().toString(36).slice(2, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  emptyDatabases.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const dir of places) rmSync(dir, { recursive: true, force: true });
  if (!process.env.TEST_DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of emptyDatabases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('a backup taken under load restores', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let auth: { authorization: string };
  let staffAuth: { authorization: string };
  const acknowledged: { id: string; orderId: string }[] = [];

  const book = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: auth, payload: validDeliveryForm() });
    if (res.statusCode !== 201) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
    return { id: res.json().data._id as string, orderId: res.json().data.orderId as string };
  };
  const approve = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/deliveries/${id}/approve`, headers: staffAuth, payload: {} });

  beforeAll(async () => {
    const { user } = await createUser(t.db, { email: 'backup.customer@clinic.test' });
    const { user: staff } = await createUser(t.db, { role: 'STAFF', email: 'backup.staff@crew.test' });
    auth = await t.bearer(user);
    staffAuth = await t.bearer(staff);
    for (let i = 0; i < 4; i++) acknowledged.push(await book());
    await approve(acknowledged[0].id);
    // A stored file (a label, a photo) is part of the backup too.
    await t.app.services.storage.put(Buffer.from('%PDF-1.4 label'), 'pdf');
  });

  it('holds every acknowledged booking and custody event, every chain verifying, in a fresh place', async () => {
    const backupDir = freshDir();
    const eventsBefore = await t.db.select({ id: deliveryEvents.id }).from(deliveryEvents);
    // Bookings and moves keep coming while the backup runs.
    let loadRunning = true;
    const load = (async () => {
      let n = 0;
      while (loadRunning && n < 30) {
        const d = await book();
        await approve(d.id);
        n++;
      }
      return n;
    })();
    const { archive, manifest } = await takeBackup({ database: t.database, dataDir: t.env.DATA_DIR, backupDir, keep: 3, at: new Date() });
    loadRunning = false;
    expect(await load).toBeGreaterThan(0);
    expect(manifest.tables.deliveries).toBeGreaterThanOrEqual(acknowledged.length);
    expect(manifest.files).toHaveLength(1);

    const dataDir = freshDir();
    const databaseUrl = t.database.kind === 'postgres' ? await emptyPostgresDatabase() : undefined;
    const report = await restoreBackup(archive, { dataDir, databaseUrl });
    expect(report.tables.deliveries).toBe(manifest.tables.deliveries);
    expect(report.custodyEvents).toBe(manifest.tables.delivery_events);
    expect(report.files).toBe(1);

    // A server started on the restored place finds them all.
    const database: Database = databaseUrl
      ? await openDatabase({ url: databaseUrl })
      : await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const restored = await buildApp({ env: testEnv({ DATA_DIR: dataDir }), database, clock, logger: false, runOutbox: false });
    try {
      for (const d of acknowledged) {
        const res = await restored.inject({ method: 'GET', url: `/api/v1/deliveries/track/${d.orderId}` });
        expect(res.statusCode, d.orderId).toBe(200);
      }
      const eventsAfter = new Set((await database.db.select({ id: deliveryEvents.id }).from(deliveryEvents)).map((e) => e.id));
      for (const e of eventsBefore) expect(eventsAfter.has(e.id)).toBe(true);
      const staffRes = await restored.inject({
        method: 'GET',
        url: `/api/v1/admin/deliveries/${acknowledged[0].id}/custody`,
        headers: staffAuth,
      });
      expect(staffRes.statusCode).toBe(200);
      expect(staffRes.body).toMatch(/"valid":true/);
    } finally {
      await restored.close();
      await database.close();
    }
  }, 240_000);

  it('refuses a target that is not empty, and changes nothing there', async () => {
    const { archive } = await takeBackup({ database: t.database, dataDir: t.env.DATA_DIR, backupDir: freshDir(), keep: 3, at: new Date() });
    const used = freshDir();
    writeFileSync(join(used, 'something'), 'mine');
    await expect(restoreBackup(archive, { dataDir: used })).rejects.toBeInstanceOf(RestoreRefused);
    expect(readdirSync(used)).toEqual(['something']);
    if (t.database.kind === 'postgres') {
      await expect(restoreBackup(archive, { dataDir: freshDir(), databaseUrl: t.database.url })).rejects.toThrow(/not empty/);
    }
  }, 120_000);

  it('keeps the newest BACKUP_KEEP archives', async () => {
    const backupDir = freshDir();
    const first = await takeBackup({
      database: t.database,
      dataDir: t.env.DATA_DIR,
      backupDir,
      keep: 2,
      at: new Date('2026-11-01T01:00:00Z'),
    });
    await takeBackup({ database: t.database, dataDir: t.env.DATA_DIR, backupDir, keep: 2, at: new Date('2026-11-02T01:00:00Z') });
    const third = await takeBackup({
      database: t.database,
      dataDir: t.env.DATA_DIR,
      backupDir,
      keep: 2,
      at: new Date('2026-11-03T01:00:00Z'),
    });
    expect(third.removed).toEqual([first.archive.split('/').pop()]);
    expect(readdirSync(backupDir).filter(isBackupArchive)).toHaveLength(2);
  }, 120_000);
});
