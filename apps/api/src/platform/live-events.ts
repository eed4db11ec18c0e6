import { and, asc, gt, lt, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client.js';
import { liveEvents } from '../db/schema/index.js';

/**
 * Live updates: an event is a row in live_events plus a NOTIFY on LIVE_CHANNEL, both inside the transaction
 * of the change, so it exists only if the change committed and reaches every server process on the database.
 * Each process listens once (LiveBus) and hands events to its open streams, which filter them by who may see.
 */
export const LIVE_CHANNEL = 'courier_live';
/** A reconnect within this long replays what it missed; older events are pruned. */
export const LIVE_EVENT_RETENTION_MS = 60 * 60_000;
/** At most this many missed events are replayed on a reconnect (the client refetches on reconnect anyway). */
const REPLAY_LIMIT = 500;
const PRUNE_EVERY_MS = 5 * 60_000;

/** 'account.changed' (disabled, signed out, role changed, deleted) is never sent: it ends the account's open streams. */
export type LiveEventType = 'delivery.created' | 'delivery.moved' | 'delivery.located' | 'notification.created' | 'account.changed';

export interface NewLiveEvent {
  type: LiveEventType;
  deliveryId?: string | null;
  orderId?: string | null;
  status?: string | null;
  /** Accounts that see it. */
  userIds: string[];
  /** The dispatch board sees it. */
  staff?: boolean;
  /** The public tracking stream of orderId carries it. */
  public?: boolean;
}

export type LiveEvent = typeof liveEvents.$inferSelect;

/** Records events inside the caller's transaction and notifies listeners when it commits. */
export async function publishLiveEvents(tx: DbOrTx, events: NewLiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = await tx
    .insert(liveEvents)
    .values(
      events.map((e) => ({
        type: e.type,
        deliveryId: e.deliveryId ?? null,
        orderId: e.orderId ?? null,
        status: e.status ?? null,
        userIds: [...new Set(e.userIds)],
        staff: e.staff ?? false,
        public: e.public ?? false,
      })),
    )
    .returning();
  // One NOTIFY per event keeps each payload far below PostgreSQL's 8000-byte limit; one statement sends them all.
  const payloads = sql.join(
    rows.map((row, i) => sql`(${JSON.stringify(row)}::text, ${i}::int)`),
    sql`, `,
  );
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, p.payload) from (values ${payloads}) as p(payload, n) order by p.n`);
}

export const publishLiveEvent = (tx: DbOrTx, event: NewLiveEvent) => publishLiveEvents(tx, [event]);

/** A change to a delivery: its owner, its driver (and one it was taken from), the board and its tracking page. */
export function deliveryLiveEvent(
  type: LiveEventType,
  d: { id: string; orderId: string; status: string; customerId: string; driverId: string | null },
  previousDriverId: string | null = null,
): NewLiveEvent {
  const userIds = [d.customerId, d.driverId, previousDriverId].filter((id): id is string => id !== null);
  return { type, deliveryId: d.id, orderId: d.orderId, status: d.status, userIds, staff: true, public: true };
}

/** The JSON of a NOTIFY payload back to a row (dates and ids as the table gives them). */
function parsePayload(payload: string): LiveEvent | null {
  try {
    const raw = JSON.parse(payload) as LiveEvent & { createdAt: string };
    return { ...raw, id: Number(raw.id), createdAt: new Date(raw.createdAt) };
  } catch {
    return null;
  }
}

export interface LiveBus {
  /** Every event committed on the database from now on, whichever process made it. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Stored events after an id (a reconnect's Last-Event-ID), oldest first. */
  since(afterId: number): Promise<LiveEvent[]>;
  /** Deletes events older than the retention. */
  prune(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One LISTEN per process. After the listening connection is lost and reopened, the events committed
 * meanwhile are read back from the table, so no subscriber misses one.
 */
export async function createLiveBus(database: Database, log: FastifyBaseLogger): Promise<LiveBus> {
  const listeners = new Set<(event: LiveEvent) => void>();
  let lastId = 0;
  const seen = new Set<number>();
  const deliver = (event: LiveEvent) => {
    // A catch-up read and a late NOTIFY may both bring one event.
    if (seen.has(event.id)) return;
    seen.add(event.id);
    if (seen.size > 2 * REPLAY_LIMIT) seen.delete(seen.values().next().value as number);
    lastId = Math.max(lastId, event.id);
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        log.warn({ err }, 'live event listener failed');
      }
    }
  };
  const since = async (afterId: number) => {
    const cutoff = new Date(Date.now() - LIVE_EVENT_RETENTION_MS);
    return database.db
      .select()
      .from(liveEvents)
      .where(and(gt(liveEvents.id, afterId), gt(liveEvents.createdAt, cutoff)))
      .orderBy(asc(liveEvents.id))
      .limit(REPLAY_LIMIT);
  };
  const catchUp = () => {
    log.info('live updates: listening again');
    since(lastId).then(
      (missed) => {
        for (const event of missed) deliver(event);
      },
      (err) => log.warn({ err }, 'live updates: could not read missed events'),
    );
  };
  // A catch-up after a lost connection starts from the newest event there was when this process began.
  const [newest] = await database.db.select({ id: max(liveEvents.id) }).from(liveEvents);
  lastId = newest?.id ?? 0;
  const unlisten = await database.listen(
    LIVE_CHANNEL,
    (payload) => {
      const event = parsePayload(payload);
      if (event) deliver(event);
    },
    catchUp,
  );
  const prune = async () => {
    await database.db.delete(liveEvents).where(lt(liveEvents.createdAt, new Date(Date.now() - LIVE_EVENT_RETENTION_MS)));
  };
  const pruneTimer = setInterval(() => {
    prune().catch((err) => log.warn({ err }, 'live updates: could not prune old events'));
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    since,
    prune,
    async close() {
      clearInterval(pruneTimer);
      listeners.clear();
      // A database already closed (or lost) has stopped listening anyway.
      await unlisten().catch(() => {});
    },
  };
}
