import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries, optins, proofsOfDelivery, storedFiles } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { listCustodyEvents, verifyCustodyChain } from '../deliveries/custody.js';
import { jpegWithExif } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew, deliveryIn, signaturePng } from '../dispatch/operations-test-kit.js';
import { readCustody } from '../dispatch/read-custody.js';
import { recordProofOfDelivery } from '../driver/record-proof-of-delivery.js';
import { applyRetention } from './apply-retention.js';
import { createRetentionSchedule } from './retention-schedule.js';

const DAY = 86_400_000;
const NOW = new Date('2026-03-02T15:00:00Z');
const repo = resolve(import.meta.dirname, '../../../../..');

describe('retention', () => {
  const clock = fixedClock(NOW);
  const t = useTestApp({ clock, env: { RETENTION_PERSONAL_DAYS: '30', RETENTION_RECORDS_YEARS: '6' } });
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });
  afterEach(() => clock.set(NOW));

  /** A delivery handed over `daysAgo` days ago to `name`, with a photo, a signature and a note naming them. */
  async function deliveredAgo(daysAgo: number, name: string, phone: string, email: string) {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id, {
      recipientName: name,
      recipientPhone: phone,
      recipientEmail: email,
      createdAt: new Date(NOW.getTime() - (daysAgo + 1) * DAY),
      stepMinutes: 10,
    });
    clock.set(new Date(NOW.getTime() - daysAgo * DAY));
    const photo = await jpegWithExif();
    await recordProofOfDelivery(
      t.app.services,
      { id: people.DRIVER.id, role: 'DRIVER' },
      {
        idOrTrackingNumber: d.id,
        fields: { recipientName: name, notes: `Handed to ${name} at the door` },
        photo,
        signature: await signaturePng(),
      },
    );
    // The recipient's e-mail and text leave, so their copies are "sent".
    await t.app.services.outbox.drain();
    clock.set(NOW);
    return d;
  }

  /** Every row of every table, as text: where a personal detail could hide. */
  async function everyRow(): Promise<string> {
    const tables = (
      await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)
    ).rows as { table_name: string }[];
    const texts: string[] = [];
    for (const { table_name } of tables) {
      const rows = (await t.db.execute(sql`select to_jsonb(x)::text as row from ${sql.identifier(table_name)} x`)).rows as {
        row: string;
      }[];
      texts.push(...rows.map((r) => `${table_name}: ${r.row}`));
    }
    return texts.join('\n');
  }

  it('removes a finished delivery’s personal details everywhere after the limit, its chain still verifying', async () => {
    const aged = await deliveredAgo(45, 'Avery Quinnley', '+16175550111', 'avery.quinnley@example.test');
    const fresh = await deliveredAgo(2, 'Blake Rivers', '+16175550122', 'blake.rivers@example.test');
    const unfinished = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id, {
      recipientName: 'Casey Morrow',
      recipientPhone: '+16175550133',
      recipientEmail: 'casey.morrow@example.test',
      createdAt: new Date(NOW.getTime() - 400 * DAY),
    });
    const consent = { consentSms: true, consentEmail: false, consentMarketing: false, source: 'page' as const, consentText: 'Yes' };
    await t.db.insert(optins).values([
      { phone: '+16175550111', ...consent, consentedAt: new Date(NOW.getTime() - 50 * DAY) },
      { phone: '+16175550122', ...consent, consentedAt: new Date(NOW.getTime() - 5 * DAY) },
    ]);
    const [agedProof] = await t.db.select().from(proofsOfDelivery).where(eq(proofsOfDelivery.deliveryId, aged.id));
    const [photo] = await t.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, agedProof.photoFileId ?? ''));
    const photoOnDisk = join(t.env.DATA_DIR, 'files', photo.path);
    expect(existsSync(photoOnDisk)).toBe(true);
    const before = await everyRow();
    for (const detail of ['Avery Quinnley', '+16175550111', 'avery.quinnley@example.test']) expect(before).toContain(detail);
    const eventsBefore = await listCustodyEvents(t.db, aged.id);
    const [{ finishedAt }] = await t.db.select({ finishedAt: deliveries.finishedAt }).from(deliveries).where(eq(deliveries.id, aged.id));
    expect(finishedAt).toEqual(new Date(NOW.getTime() - 45 * DAY));

    const report = await applyRetention(t.app.services);

    expect(report).toMatchObject({ deliveries: 1, files: 2, optins: 1 });
    expect(report.sealedEvents).toBeGreaterThan(0);
    expect(report.messages).toBeGreaterThan(0);
    const after = await everyRow();
    for (const detail of ['Avery Quinnley', 'Quinnley', '+16175550111', '6175550111', 'avery.quinnley@example.test'])
      expect(after).not.toContain(detail);
    expect(existsSync(photoOnDisk)).toBe(false);
    // The fresh and the unfinished ones keep everything.
    for (const detail of ['Blake Rivers', '+16175550122', 'blake.rivers@example.test', 'Casey Morrow', '+16175550133'])
      expect(after).toContain(detail);
    const [freshProof] = await t.db.select().from(proofsOfDelivery).where(eq(proofsOfDelivery.deliveryId, fresh.id));
    expect(freshProof).toMatchObject({ recipientName: 'Blake Rivers' });
    expect(freshProof.photoFileId).not.toBeNull();
    const [stillThere] = await t.db.select().from(deliveries).where(eq(deliveries.id, unfinished.id));
    expect(stillThere.personalDetailsRemovedAt).toBeNull();

    // The records stay: every custody event and the proof, and the chain verifies with the removal in it.
    const eventsAfter = await listCustodyEvents(t.db, aged.id);
    expect(eventsAfter).toHaveLength(eventsBefore.length + 1);
    expect(eventsAfter.at(-1)).toMatchObject({ kind: 'redaction', status: 'delivered', actorRole: 'system' });
    expect(verifyCustodyChain(eventsAfter)).toEqual({ valid: true, brokenAtSeq: null });
    const custody = await readCustody(t.app.services, { id: people.STAFF.id, role: 'STAFF' }, { idOrTrackingNumber: aged.id });
    expect(custody.verdict).toMatchObject({ valid: true });
    const [agedRow] = await t.db.select().from(deliveries).where(eq(deliveries.id, aged.id));
    expect(agedRow).toMatchObject({ status: 'delivered', recipientName: '[removed]', recipientPhone: '', recipientEmail: '' });
    expect(agedRow.deliveredAt).toEqual(new Date(NOW.getTime() - 45 * DAY));

    // A scrubbed note changed behind the seal is still caught.
    const sealed = eventsAfter.find((e) => e.note?.includes('[removed]'));
    expect(sealed).toBeDefined();
    const tampered = eventsAfter.map((e) => (e.id === sealed?.id ? { ...e, note: `${e.note} (edited)` } : e));
    expect(verifyCustodyChain(tampered)).toEqual({ valid: false, brokenAtSeq: sealed?.seq });

    // Reported: a log line (not checked here) and an audit row with the counts.
    const [run] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'retention.run'));
    expect(run.details).toMatchObject({ deliveries: 1, personalDays: 30, recordsYears: 6 });

    // A second run finds nothing left to do.
    expect(await applyRetention(t.app.services)).toMatchObject({ deliveries: 0, files: 0 });
  });

  it('never deletes records younger than six years; older audit rows go', async () => {
    const at = (years: number, days = 0) => {
      const d = new Date(NOW);
      d.setUTCFullYear(d.getUTCFullYear() - years);
      return new Date(d.getTime() + days * DAY);
    };
    const old = await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id, { createdAt: at(5, 1) });
    await t.db.insert(auditEvents).values([
      { action: 'test.young', targetType: 'delivery', targetId: old.id, createdAt: at(6, 1) },
      { action: 'test.old', targetType: 'delivery', targetId: old.id, createdAt: at(6, -1) },
    ]);
    const eventsBefore = await listCustodyEvents(t.db, old.id);

    const report = await applyRetention(t.app.services);

    expect(report.auditRows).toBe(1);
    const left = await t.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, old.id));
    expect(left.map((r) => r.action)).toContain('test.young');
    expect(left.map((r) => r.action)).not.toContain('test.old');
    // Its custody events are all kept (one more: the removal of its personal details).
    const eventsAfter = await listCustodyEvents(t.db, old.id);
    const ids = (events: typeof eventsBefore) => events.map((e) => [e.id, e.seq, e.hash]);
    expect(ids(eventsAfter.slice(0, eventsBefore.length))).toEqual(ids(eventsBefore));
    expect(verifyCustodyChain(eventsAfter).valid).toBe(true);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, old.id));
    expect(row.personalDetailsRemovedAt).not.toBeNull();
  });

  it('runs nightly: after 02:00 business time, once a night', async () => {
    const schedule = createRetentionSchedule(t.app.services, t.app.log);
    const runs = async () => (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'retention.run'))).length;
    // 01:30 in Boston: not yet.
    clock.set('2026-03-03T06:30:00Z');
    const before = await runs();
    expect(await schedule.run()).toBeNull();
    // 02:10: tonight's run; at 03:10 it has run already.
    clock.set('2026-03-03T07:10:00Z');
    expect(await schedule.run()).toMatchObject({ deliveries: expect.any(Number) });
    clock.set('2026-03-03T08:10:00Z');
    expect(await schedule.run()).toBeNull();
    expect(await runs()).toBe(before + 1);
    // The next night runs again.
    clock.set('2026-03-04T07:05:00Z');
    expect(await schedule.run()).not.toBeNull();
    expect(await runs()).toBe(before + 2);
  });

  it('runs at once with npm run retention', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'courier-retention-cli-'));
    try {
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        DATA_DIR: dataDir,
        RETENTION_PERSONAL_DAYS: '30',
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        LOG_LEVEL: 'silent',
      };
      if (t.database.url) env.DATABASE_URL = t.database.url;
      else delete env.DATABASE_URL;
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'retention'], { cwd: repo, env });
      expect(stdout).toMatch(/^deliveries: \d+$/m);
      expect(stdout).toContain('retention applied');
      const runs = t.database.url
        ? await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'retention.run'))
        : [{ details: { personalDays: 30 } }];
      expect(runs.at(-1)?.details).toMatchObject({ personalDays: 30 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
