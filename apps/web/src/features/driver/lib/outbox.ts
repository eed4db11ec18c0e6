import type { TDriverStatusRequest, TProofOfDeliveryFields } from '@courier/contract';

/**
 * The driver's outbox: every move and proof is queued here first, then sent in the order it was made,
 * each with its own Idempotency-Key (kept across retries, so the server applies it once). Only what the
 * call needs is kept: the delivery, the move, and for a proof the recipient's name, notes and images.
 */

interface TQueuedBase {
  /** The Idempotency-Key, made once when the driver acted. */
  key: string;
  deliveryId: string;
  orderId: string;
  queuedAt: string;
}
export interface TQueuedMove extends TQueuedBase {
  kind: 'status';
  body: TDriverStatusRequest;
}
export interface TQueuedProof extends TQueuedBase {
  kind: 'proof';
  fields: Omit<TProofOfDeliveryFields, 'notes'> & { notes: string };
  photo: Blob | null;
  signature: Blob | null;
}
/** A probe reading taken along the way; its time is when the driver took it, not when it is sent. */
export interface TQueuedReading extends TQueuedBase {
  kind: 'temperature';
  body: { celsius: number; at: string };
}
/** A data logger's CSV export. */
export interface TQueuedLog extends TQueuedBase {
  kind: 'temperature-log';
  csv: string;
}
/** The logger in the parcel's cooler, scanned onto it: its own readings then count for the parcel. */
export interface TQueuedLogger extends TQueuedBase {
  kind: 'logger';
  /** `piece`: the barcode of the piece it travels in, when the job has several. */
  body: { loggerId: string; piece?: string };
}
/** A failed attempt's photo, sent after the attempt itself (POST .../attempt-photo). */
export interface TQueuedAttemptPhoto extends TQueuedBase {
  kind: 'attempt-photo';
  photo: Blob;
}
export type TQueued = TQueuedMove | TQueuedProof | TQueuedAttemptPhoto | TQueuedReading | TQueuedLog | TQueuedLogger;

export interface TOutboxStorage {
  load(): Promise<TQueued[]>;
  save(items: TQueued[]): Promise<void>;
}

/** What became of one attempt: sent; kept for later (no network, server busy); or refused for good. */
export type TSendVerdict = 'sent' | 'keep' | 'refused';

export interface TFlushResult {
  sent: TQueued[];
  refused: { item: TQueued; error: unknown }[];
  /** Items still waiting (the network is still down). */
  waiting: number;
}

export interface TOutbox {
  /** Loads what an earlier visit left (also done before the first add or flush). */
  restore(): Promise<void>;
  add(item: TQueued): Promise<void>;
  /** Sends what waits, oldest first; stops at the first that must wait, so nothing overtakes it. */
  flush(): Promise<TFlushResult>;
  items(): readonly TQueued[];
  subscribe(listener: () => void): () => void;
  /** Hears each server answer before its item leaves the queue, so the screen never falls back to the old status. */
  onSent(listener: (item: TQueued, answer: unknown) => void): () => void;
}

export function createOutbox({
  storage,
  send,
  verdictFor,
}: {
  storage: TOutboxStorage;
  send: (item: TQueued) => Promise<unknown>;
  /** Reads a failed send: 'keep' to retry later, 'refused' to drop it and tell the driver. */
  verdictFor: (error: unknown) => Exclude<TSendVerdict, 'sent'>;
}): TOutbox {
  let queue: TQueued[] = [];
  const listeners = new Set<() => void>();
  const sentListeners = new Set<(item: TQueued, answer: unknown) => void>();
  let flushing: Promise<TFlushResult> | null = null;
  // Writes to storage one after another, so an older snapshot never lands last.
  let saving: Promise<void> = Promise.resolve();
  // What an earlier visit left goes first; nothing is added or sent before it is read.
  let restored: Promise<void> | null = null;
  const ensureRestored = () => {
    restored ??= (async () => {
      const stored = await storage.load().catch(() => [] as TQueued[]);
      const known = new Set(queue.map((item) => item.key));
      queue = [...stored.filter((item) => !known.has(item.key)), ...queue];
      for (const listener of listeners) listener();
    })();
    return restored;
  };

  const changed = () => {
    const snapshot = queue;
    saving = saving.then(() => storage.save(snapshot)).catch(() => undefined);
    for (const listener of listeners) listener();
    return saving;
  };

  const runFlush = async (): Promise<TFlushResult> => {
    const result: TFlushResult = { sent: [], refused: [], waiting: 0 };
    while (queue.length > 0) {
      const item = queue[0];
      try {
        const answer = await send(item);
        for (const listener of sentListeners) listener(item, answer);
        result.sent.push(item);
      } catch (error) {
        if (verdictFor(error) === 'keep') break;
        result.refused.push({ item, error });
      }
      queue = queue.filter((queued) => queued.key !== item.key);
      await changed();
    }
    result.waiting = queue.length;
    return result;
  };

  return {
    restore: ensureRestored,
    async add(item) {
      await ensureRestored();
      queue = [...queue, item];
      await changed();
    },
    flush() {
      flushing ??= ensureRestored()
        .then(runFlush)
        .finally(() => {
          flushing = null;
        });
      return flushing;
    },
    items: () => queue,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSent(listener) {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
  };
}
