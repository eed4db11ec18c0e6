import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { outboxMessages } from '../db/schema/index.js';
import { createCapturingMailer, openTestDatabase, testEnv, useTestApp } from '../test/test-app.js';
import { fixedClock } from './clock.js';
import { backoffMs, enqueueEmail, OUTBOX_MAX_ATTEMPTS } from './outbox.js';

describe('the durable outbox', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const t = useTestApp({ clock });

  it('sends nothing from a transaction that rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: 'a@example.test', subject: 'Rolled back', text: 'x' }, clock.now());
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await t.sentEmails()).toEqual([]);
  });

  it('retries with backoff while SMTP is down, then delivers once', async () => {
    await t.db.transaction((tx) => enqueueEmail(tx, { to: 'b@example.test', subject: 'Your parcel', text: 'Track it' }, clock.now()));
    t.mailer.failNext = 1;
    expect(await t.app.services.outbox.drain()).toBe(0);
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'b@example.test'));
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBe('SMTP server unavailable');
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + backoffMs(1));

    expect(await t.app.services.outbox.drain()).toBe(0); // not due yet
    clock.advance(backoffMs(1));
    expect(await t.app.services.outbox.drain()).toBe(1);
    expect(await t.app.services.outbox.drain()).toBe(0);
    expect(t.mailer.sent.filter((m) => m.to === 'b@example.test')).toHaveLength(1);
  });

  it('gives a message up after the last attempt', async () => {
    await t.db.transaction((tx) => enqueueEmail(tx, { to: 'c@example.test', subject: 'Never', text: 'x' }, clock.now()));
    t.mailer.failNext = OUTBOX_MAX_ATTEMPTS;
    for (let i = 0; i < OUTBOX_MAX_ATTEMPTS; i++) {
      await t.app.services.outbox.drain();
      clock.advance(backoffMs(i + 1));
    }
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'c@example.test'));
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(OUTBOX_MAX_ATTEMPTS);
  });

  it('keeps a queued message across a restart and sends it from the new process', async () => {
    await t.db.transaction((tx) => enqueueEmail(tx, { to: 'd@example.test', subject: 'After restart', text: 'x' }, clock.now()));
    // A process that claimed the message and died: its claim expires and another process sends it.
    await t.db
      .update(outboxMessages)
      .set({ lockedUntil: new Date(clock.now().getTime() + 60_000) })
      .where(eq(outboxMessages.recipient, 'd@example.test'));
    await t.app.close();
    const mailer = createCapturingMailer();
    const second = await buildApp({ env: t.env, database: t.database, mailer, clock, logger: false, runOutbox: false });
    try {
      expect(await second.services.outbox.drain()).toBe(0);
      clock.advance(60_000);
      expect(await second.services.outbox.drain()).toBe(1);
      expect(mailer.sent.map((m) => m.subject)).toEqual(['After restart']);
    } finally {
      await second.close();
    }
  });
});

describe('the outbox worker at shutdown', () => {
  it('finishes the message it is sending and gives back the rest it claimed', async () => {
    const clock = fixedClock('2026-03-02T15:00:00Z');
    const env = testEnv();
    const database = await openTestDatabase();
    // An SMTP server that holds the first message until we let it go.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let sending = () => {};
    const firstSendStarted = new Promise<void>((resolve) => {
      sending = resolve;
    });
    const sent: string[] = [];
    const mailer = {
      kind: 'smtp' as const,
      send: async (m: { subject: string }) => {
        sending();
        await held;
        sent.push(m.subject);
      },
      close: () => {},
    };
    const app = await buildApp({ env, database, mailer, clock, logger: false, runOutbox: false });
    try {
      for (const subject of ['first', 'second', 'third']) {
        await database.db.transaction((tx) => enqueueEmail(tx, { to: 'e@example.test', subject, text: 'x' }, clock.now()));
        clock.advance(1000);
      }
      const pass = app.services.outbox.drain();
      await firstSendStarted;
      const stopped = app.services.outbox.stop();
      letGo();
      await stopped;
      expect(await pass).toBe(1);
      expect(sent).toHaveLength(1);
      const rows = await database.db.select().from(outboxMessages);
      expect(rows.filter((r) => r.status === 'sent').map((r) => r.subject)).toEqual(sent);
      // The two it claimed but never began go back unclaimed, for the next process to send at once.
      const givenBack = rows.filter((r) => r.status === 'pending');
      expect(givenBack.map((r) => r.lockedUntil)).toEqual([null, null]);
    } finally {
      await app.close();
      await database.close();
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    }
  });
});
