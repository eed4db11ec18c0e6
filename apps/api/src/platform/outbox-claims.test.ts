import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { outboxMessages } from '../db/schema/index.js';
import { openTestDatabase } from '../test/test-app.js';
import { fixedClock } from './clock.js';
import { createMailer } from './mailer.js';
import { createOutboxWorker, enqueueEmail } from './outbox.js';
import type { SmsSender } from './sms.js';

/** A real SMTP server on loopback that holds the first message's DATA until `release()`, then takes everything at once. */
async function startSlowSmtp() {
  const subjects: string[] = [];
  let releaseFirst: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  const state = { holding: false, seen: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      const first = state.seen++ === 0;
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', async () => {
        if (first) {
          state.holding = true;
          await held;
        }
        subjects.push(/^Subject: (.*)$/m.exec(data)?.[1]?.trim() ?? '?');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    subjects,
    state,
    release: () => releaseFirst(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(condition: () => boolean, withinMs: number) {
  const started = Date.now();
  while (!condition() && Date.now() - started < withinMs) await new Promise((r) => setTimeout(r, 10));
}

/**
 * Two processes share the e-mail outbox, and one SMTP send outlives the claim (a slow server). The slow sender keeps
 * its claim alive while it waits, so the other process does not send that message too, and a message the other one
 * took over from the slow sender's batch is not sent again by it afterwards.
 */
describe('an e-mail whose send outlives its claim', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const log = pino({ level: 'silent' });
  const sms: SmsSender = { kind: 'log', send: async () => {} };
  let smtp: Awaited<ReturnType<typeof startSlowSmtp>>;
  let first: Database & { url?: string };
  /** A second process: its own pool on PostgreSQL; on PGlite, the one embedded instance. */
  let second: Database;

  beforeAll(async () => {
    smtp = await startSlowSmtp();
    first = await openTestDatabase();
    await first.migrate();
    second = first.url ? await openDatabase({ url: first.url }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
    await smtp?.close();
  });

  it('is sent once, by one process, and each message records one attempt', async () => {
    const ids: string[] = [];
    for (const subject of ['first', 'second']) {
      await first.db.transaction((tx) => enqueueEmail(tx, { to: `${subject}@example.test`, subject, text: 'x' }, clock.now()));
      clock.advance(1);
    }
    ids.push(...(await first.db.select({ id: outboxMessages.id }).from(outboxMessages)).map((r) => r.id));
    const worker = (database: Database) =>
      createOutboxWorker({
        db: database.db,
        mailer: createMailer({ smtpUrl: smtp.url, from: 'courier@example.test', log }),
        sms,
        clock,
        log,
        renewEveryMs: 25,
      });
    const slow = worker(first);
    const other = worker(second);

    const slowDraining = slow.drain();
    await until(() => smtp.state.holding, 5_000);
    expect(smtp.state.holding).toBe(true);
    // The SMTP server stalls past the 60 s claim; meanwhile the other process looks for due messages.
    clock.advance(61_000);
    await new Promise((r) => setTimeout(r, 200));
    await other.drain();
    smtp.release();
    await slowDraining;
    await Promise.all([slow.drain(), other.drain()]);

    expect([...smtp.subjects].sort()).toEqual(['first', 'second']);
    const rows = await first.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
    expect(rows.map((r) => [r.subject, r.status, r.attempts, r.lockedUntil, r.claimToken]).sort()).toEqual([
      ['first', 'sent', 1, null, null],
      ['second', 'sent', 1, null, null],
    ]);
  });
});
