import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isBackupArchive } from '../../platform/backup-names.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';

describe('the server takes its own backups', () => {
  // 01:00 in New York on a Monday.
  const clock = fixedClock('2026-03-02T06:00:00Z');
  const t = useTestApp({ clock, env: { BACKUP_AT: '02:30', BACKUP_KEEP: '5', METRICS_TOKEN: 'backup-metrics-token-0123456789' } });
  const archives = () => readdirSync(t.env.BACKUP_DIR).filter(isBackupArchive);

  it('daily once BACKUP_AT has passed in BUSINESS_TZ, once a day', async () => {
    expect(await t.app.backups.runDue()).toBeNull();
    clock.set('2026-03-02T07:31:00Z'); // 02:31 in New York
    const taken = await t.app.backups.runDue();
    expect(taken?.manifest.tables.roles).toBeGreaterThan(0);
    expect(archives()).toHaveLength(1);
    clock.set('2026-03-02T23:00:00Z');
    expect(await t.app.backups.runDue()).toBeNull();
    clock.set('2026-03-03T07:31:00Z');
    expect(await t.app.backups.runDue()).not.toBeNull();
    expect(archives()).toHaveLength(2);
  }, 120_000);

  it('on request (what `npm run backup` asks of a running server), and its age is exported', async () => {
    const { archive } = await t.app.backups.takeNow();
    expect(archives()).toContain(archive.split('/').pop());
    const text = (
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer backup-metrics-token-0123456789' } })
    ).body;
    expect(text).toMatch(/^courier_job_last_success_timestamp_seconds\{job="backup"\} \d+/m);
    const newest = Number(/^courier_backup_last_success_timestamp_seconds (\S+)$/m.exec(text)?.[1]);
    expect(Date.now() / 1000 - newest).toBeLessThan(120);
  }, 120_000);
});
