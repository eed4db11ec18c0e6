import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { outboxMessages } from '../db/schema/index.js';
import { openTestDatabase } from '../test/test-app.js';
import { fixedClock } from './clock.js';
import type { Mailer, OutgoingEmail } from './mailer.js';
import { createOutboxWorker, enqueueEmail } from './outbox.js';
import type { SmsSender } from './sms.js';

const MESSAGES = 120;

/**
 * Two server processes share one outbox: two workers, each on its own connection pool, drain the same
 * PostgreSQL database at once. The claim (FOR UPDATE SKIP LOCKED plus a lease) must keep them apart.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two outbox workers on one PostgreSQL database', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  let first: Database & { url?: string };
  let second: Database;

  beforeAll(async () => {
    first = await openTestDatabase();
    await first.migrate();
    second = await openDatabase({ url: first.url });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('sends every message exactly once', async () => {
    for (let i = 0; i < MESSAGES; i++) {
      await first.db.transaction((tx) => enqueueEmail(tx, { to: `r${i}@example.test`, subject: `m${i}`, text: 'x' }, clock.now()));
    }
    const sent: { by: string; subject: string }[] = [];
    /** An SMTP server that takes a moment per message, so the two passes overlap. */
    const mailerFor = (by: string): Mailer => ({
      kind: 'smtp',
      send: async (m: OutgoingEmail) => {
        await new Promise((r) => setTimeout(r, 2));
        sent.push({ by, subject: m.subject });
      },
      close: () => {},
    });
    const sms: SmsSender = { kind: 'log', send: async () => {} };
    const log = pino({ level: 'silent' });
    const workers = [first, second].map((d, i) => createOutboxWorker({ db: d.db, mailer: mailerFor(`w${i}`), sms, clock, log }));
    const run = async (w: (typeof workers)[number]) => {
      while ((await w.drain()) > 0);
    };
    await Promise.all(workers.map(run));

    expect(sent).toHaveLength(MESSAGES);
    expect(new Set(sent.map((s) => s.subject)).size).toBe(MESSAGES);
    // Both took part, or the test proves nothing about sharing.
    expect(new Set(sent.map((s) => s.by)).size).toBe(2);
    const pending = await first.db.select().from(outboxMessages).where(eq(outboxMessages.status, 'pending'));
    expect(pending).toEqual([]);
  });
});
