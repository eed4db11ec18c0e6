import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { fixedClock } from '../../platform/clock.js';
import { createCapturingMailer, testEnv, useTestApp } from '../../test/test-app.js';
import { clinic, newRateCard, signedIn } from './invoice-test-kit.js';

const NOW = '2026-03-02T15:00:00Z';

describe('invoice numbers never repeat or skip, across processes', () => {
  const clock = fixedClock(NOW);
  const t = useTestApp({ clock });
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  /** On PostgreSQL a second app (its own pool, as a second server process would have) over the same database. */
  async function secondApp() {
    const url = t.database.url;
    if (!url) return t.app;
    const database = await openDatabase({ url });
    const app = await buildApp({
      env: testEnv({ DATABASE_URL: url }),
      database,
      mailer: createCapturingMailer(),
      clock,
      logger: false,
      runOutbox: false,
    });
    await app.ready();
    closers.push(async () => {
      await app.close();
      await database.close();
    });
    return app;
  }

  it('issues 24 drafts at once through two apps: numbers 1..24 of the year, each once; a failed issue gives its number back', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    for (let i = 0; i < 24; i++) {
      const c = await clinic(t, card, `Numbered Clinic ${i}`);
      await c.deliver('2026-02-10T15:00:00Z');
    }
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invoices/run',
      headers: admin.headers,
      payload: { from: '2026-02-01', to: '2026-02-28' },
    });
    const drafts = run.json().data.invoices as { _id: string }[];
    expect(drafts).toHaveLength(24);
    const other = await secondApp();
    const answers = await Promise.all(
      drafts.map((d, i) =>
        (i % 2 ? other : t.app).inject({ method: 'POST', url: `/api/v1/admin/invoices/${d._id}/issue`, headers: admin.headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(drafts.map(() => 200));
    const numbers = answers.map((a) => a.json().data.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`));

    // Issuing an already-issued invoice fails inside the transaction: the counter does not move.
    expect(
      (await other.inject({ method: 'POST', url: `/api/v1/admin/invoices/${drafts[0]._id}/issue`, headers: admin.headers })).statusCode,
    ).toBe(409);
    const [counter] = (await t.db.execute(sql`select last from document_counters where kind = 'INV' and year = 2026`)).rows as {
      last: number;
    }[];
    expect(counter.last).toBe(24);
  });
});
