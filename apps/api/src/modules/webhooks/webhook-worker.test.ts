import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import { createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { newWebhookSecret } from './create-webhook-endpoint.js';
import { createWebhookWorker, type WebhookWorkerDeps } from './webhook-worker.js';

/**
 * A customer's receiver on loopback (the address guard lets tests reach this machine outside production). It answers
 * as `answer` says, and notes each message's webhook-id and how many requests it had open at once.
 */
function receiver(answer: (res: import('node:http').ServerResponse) => void) {
  const got: string[] = [];
  let open = 0;
  const state = { maxOpen: 0 };
  const server: Server = createServer((req, res) => {
    got.push(String(req.headers['webhook-id']));
    open++;
    state.maxOpen = Math.max(state.maxOpen, open);
    res.on('close', () => {
      open--;
    });
    req.resume();
    answer(res);
  });
  return {
    got,
    state,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends its status line and headers, then a byte every 300 ms, for ever: an endpoint that is never silent, never done. */
const dribbling = (res: import('node:http').ServerResponse) => {
  res.writeHead(503, { 'content-type': 'text/plain' });
  res.flushHeaders();
  const timer = setInterval(() => res.write('.'), 300);
  res.on('close', () => clearInterval(timer));
};
const after = (ms: number) => (res: import('node:http').ServerResponse) => {
  setTimeout(() => res.writeHead(200).end('ok'), ms);
};
const immediately = (res: import('node:http').ServerResponse) => res.writeHead(204).end();

async function until(condition: () => boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > withinMs) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

describe('the webhook worker', () => {
  const clock = fixedClock(new Date('2026-03-02T15:00:00Z'));
  const t = useTestApp({ clock });
  const log = pino({ level: 'silent' });
  const slow = receiver(dribbling);
  const fast = receiver(immediately);
  const steady = receiver(after(1_000));
  const brisk = receiver(after(30));
  /** A second process on the same database: its own pool on PostgreSQL; on PGlite, the one embedded instance. */
  let second: Database | undefined;
  const servers = [slow, fast, steady, brisk];
  beforeAll(async () => {
    await Promise.all(servers.map((s) => s.start()));
    if (t.database.url) second = await openDatabase({ url: t.database.url });
  });
  // Each test sends only its own messages: earlier endpoints are switched off (the clock jumps make their retries due).
  afterEach(async () => {
    await t.db.update(webhookEndpoints).set({ enabled: false });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await second?.close();
  });

  const worker = (db = t.db, options: Partial<WebhookWorkerDeps> = {}) =>
    createWebhookWorker({ db, clock, log, production: false, publicUrl: 'http://courier.test', ...options });

  /** An endpoint with `count` messages waiting, written `at` (oldest first). */
  async function endpointWithMessages(url: string, count: number, at: Date) {
    const { user } = await createUser(t.db);
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ userId: user.id, url, eventTypes: ['delivery.created'], secret: newWebhookSecret() })
      .returning();
    const messages = await t.db
      .insert(webhookMessages)
      .values(
        Array.from({ length: count }, (_, i) => ({
          msgId: `msg_${randomUUID()}`,
          endpointId: endpoint.id,
          eventType: 'delivery.created',
          payload: { type: 'delivery.created', n: i },
          createdAt: new Date(at.getTime() + i),
          nextAttemptAt: at,
        })),
      )
      .returning();
    return { endpoint, msgIds: messages.map((m) => m.msgId), ids: messages.map((m) => m.id) };
  }

  const attemptsOf = (ids: string[]) =>
    t.db
      .select({ messageId: webhookAttempts.messageId, attempt: webhookAttempts.attempt, error: webhookAttempts.error })
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.messageId, ids))
      .orderBy(asc(webhookAttempts.createdAt));

  it('lets a slow endpoint delay only itself: another customer\u2019s messages arrive while it dribbles', async () => {
    const past = new Date(clock.now().getTime() - 60_000);
    // The slow endpoint's messages are the oldest: sent oldest first, one at a time, they held up everyone.
    const stuck = await endpointWithMessages(slow.url(), 2, past);
    const other = await endpointWithMessages(fast.url(), 3, new Date(past.getTime() + 1_000));
    const draining = worker(t.db, { deadlineMs: 3_500 }).drain();

    const took = await until(() => fast.got.length === 3, 2_500);
    expect(fast.got).toEqual(other.msgIds);
    expect(took).toBeLessThan(2_500);
    // ...while the slow endpoint's first attempt is still under way.
    expect(slow.got).toEqual([stuck.msgIds[0]]);
    expect(await attemptsOf(stuck.ids)).toEqual([]);

    await draining;
    // Each of the slow endpoint's attempts was cut off at the deadline, one at a time.
    expect(slow.got).toEqual(stuck.msgIds);
    expect(slow.state.maxOpen).toBe(1);
    const logged = await attemptsOf(stuck.ids);
    expect(logged).toHaveLength(2);
    for (const row of logged) expect(row.error).toMatch(/^timed out after 3.5 s, HTTP 503: \.*$/);
  });

  it('two processes sharing the queue send each message once, and one message at a time to each endpoint', async () => {
    const at = clock.now();
    const a = await endpointWithMessages(brisk.url(), 6, at);
    const b = await endpointWithMessages(fast.url(), 6, at);
    fast.got.length = 0;
    fast.state.maxOpen = 0;
    const workers = [worker(t.db), worker(second?.db ?? t.db)];
    await Promise.all(workers.map((w) => w.drain()));

    expect([...brisk.got].sort()).toEqual([...a.msgIds].sort());
    expect([...fast.got].sort()).toEqual([...b.msgIds].sort());
    expect(brisk.state.maxOpen).toBe(1);
    expect(fast.state.maxOpen).toBe(1);
    const logged = await attemptsOf([...a.ids, ...b.ids]);
    expect(logged.map((r) => r.attempt)).toEqual(Array(12).fill(1));
  });

  it('a process whose claim ran out during a send neither records it nor sends what it had claimed again', async () => {
    const at = clock.now();
    const { ids, msgIds } = await endpointWithMessages(steady.url(), 2, at);
    const first = worker(t.db);
    const other = worker(second?.db ?? t.db);

    const firstDraining = first.drain();
    await until(() => steady.got.length === 1, 2_000);
    expect(steady.got).toEqual([msgIds[0]]);
    // The first process stalls past its claim (the clock jumps); the second takes the message over.
    clock.advance(61_000);
    await Promise.all([other.drain(), firstDraining]);

    // The second message went once; every message has exactly one attempt logged, numbered 1.
    expect(steady.got.filter((id) => id === msgIds[1])).toHaveLength(1);
    const logged = await attemptsOf(ids);
    expect(logged.map((r) => [r.messageId, r.attempt]).sort()).toEqual([...ids].sort().map((id) => [id, 1]));
    const rows = await t.db.select().from(webhookMessages).where(inArray(webhookMessages.id, ids));
    expect(rows.map((r) => [r.status, r.attempts, r.lockedUntil, r.claimToken])).toEqual([
      ['sent', 1, null, null],
      ['sent', 1, null, null],
    ]);
  });

  it('refuses a claim no longer than the deadline, so a send can never outlive its claim', () => {
    expect(() => worker(t.db, { deadlineMs: 10_000, claimMs: 10_000 })).toThrow(/longer than a send/);
  });
});
