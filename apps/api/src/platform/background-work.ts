import type { FastifyBaseLogger } from 'fastify';

/** Work that runs at start and again some time after each run ends, in each server process. */
export interface PeriodicTask<T> {
  /** Runs now, or shares the run under way: one run at a time in this process. */
  run(): Promise<T>;
  /** Asks for a prompt run (after a commit); does nothing while stopped. */
  kick(): void;
  start(): void;
  /** Stops the timer and waits for a run under way, which is told (`stopping()`) to wind down. */
  stop(): Promise<void>;
}

export function createPeriodicTask<T>(opts: {
  run: (stopping: () => boolean) => Promise<T>;
  log: FastifyBaseLogger;
  /** Logged, with the error, when a run fails; the next run comes as usual. */
  failure: string;
  intervalMs: number;
  firstRunAfterMs?: number;
  /** Told when a run ends without error (the job's last-success metric). */
  onSuccess?: () => void;
}): PeriodicTask<T> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let stopped = true;
  let stopping = false;
  const isStopping = () => stopping;
  const report = (err: unknown) => opts.log.warn({ err: (err as Error).message }, opts.failure);

  function run(): Promise<T> {
    running ??= opts
      .run(isStopping)
      .then((result) => {
        opts.onSuccess?.();
        return result;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const tick = () => {
    run()
      .catch(report)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.intervalMs);
      });
  };

  return {
    run,
    kick: () => {
      if (!stopped) void run().catch(report);
    },
    start: () => {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, opts.firstRunAfterMs ?? 0);
    },
    stop: async () => {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      try {
        await running?.catch(() => {});
      } finally {
        stopping = false;
      }
    },
  };
}

/** A durable queue's sender (the outbox's e-mail and SMS, its webhooks): drained at start, on a timer and when kicked. */
export interface QueueWorker {
  /** Sends what is due now; returns how many were sent. */
  drain(): Promise<number>;
  /** Ask for a prompt pass after a commit. */
  kick(): void;
  start(): void;
  /** Stops the timer; a pass in progress finishes the message it is sending and gives back the rest it claimed. */
  stop(): Promise<void>;
}

/** How long a claim holds a message: one held by a process that died is picked up again after it. */
export const CLAIM_MS = 60_000;
/** How many due messages one pass claims. */
export const CLAIM_BATCH = 20;

/** RETURNING keeps no order: messages go in the order they were written (picked up before delivered). */
export const oldestFirst = <M extends { createdAt: Date }>(messages: M[]) =>
  messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

/**
 * The claim, send and give-back loop of a durable queue. `claim` takes due messages with FOR UPDATE SKIP LOCKED
 * and a lease (so several processes never send one message at once), `send` handles one (its retries and
 * back-off are its own) and answers whether it went, `release` gives claimed messages back at once when the
 * worker stops, so the next process need not wait for the lease to expire.
 */
export function createQueueWorker<M extends { id: string }>(opts: {
  /** Names the queue in the log. */
  name: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  claim: () => Promise<M[]>;
  send: (message: M) => Promise<boolean>;
  release: (messages: M[]) => Promise<void>;
  /** Told when a pass ends without error. */
  onSuccess?: () => void;
}): QueueWorker {
  const task = createPeriodicTask({
    log: opts.log,
    onSuccess: opts.onSuccess,
    failure: `${opts.name} pass failed`,
    intervalMs: opts.intervalMs ?? 2000,
    run: async (stopping) => {
      let sent = 0;
      const claimed = await opts.claim();
      for (const [index, message] of claimed.entries()) {
        if (stopping()) {
          await opts.release(claimed.slice(index));
          break;
        }
        if (await opts.send(message)) sent++;
      }
      return sent;
    },
  });
  return { drain: task.run, kick: task.kick, start: task.start, stop: task.stop };
}

/**
 * A durable queue sent several messages at a time: whenever one of `concurrency` slots is free, `claim` is asked
 * for that many messages, and each goes on its own, so a slow send holds up only its slot. Fairness is the claim's:
 * it decides which messages may go side by side (the webhooks' claim takes one per endpoint). Nothing is claimed
 * ahead of sending, so there is nothing to give back when the worker stops.
 */
export function createConcurrentQueueWorker<M>(opts: {
  /** Names the queue in the log. */
  name: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  concurrency: number;
  /** Claims up to `limit` due messages (with a lease, so no other process sends them meanwhile). */
  claim: (limit: number) => Promise<M[]>;
  send: (message: M) => Promise<boolean>;
  /** Told when a claim pass ends without error. */
  onSuccess?: () => void;
}): QueueWorker {
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let stopping = false;
  let claiming: Promise<void> | undefined;
  let claimAgain = false;
  const report = (err: unknown) => opts.log.warn({ err: (err as Error).message }, `${opts.name} pass failed`);

  function begin(message: M) {
    const sending: Promise<void> = opts
      .send(message)
      .then((went) => {
        if (went) sent++;
      }, report)
      .finally(() => {
        inFlight.delete(sending);
        // The freed slot takes the next message at once, not at the next tick.
        if (!stopping) fill().catch(report);
      });
    inFlight.add(sending);
  }

  /** Claims for the free slots; one claim at a time in this process (a request meanwhile makes it claim again). */
  function fill(): Promise<void> {
    if (claiming) {
      claimAgain = true;
      return claiming;
    }
    claiming = (async () => {
      do {
        claimAgain = false;
        const free = opts.concurrency - inFlight.size;
        if (stopping || free <= 0) break;
        const claimed = await opts.claim(free);
        for (const message of claimed) begin(message);
      } while (claimAgain);
    })().finally(() => {
      claiming = undefined;
    });
    return claiming;
  }

  const task = createPeriodicTask({
    log: opts.log,
    onSuccess: opts.onSuccess,
    failure: `${opts.name} pass failed`,
    intervalMs: opts.intervalMs ?? 2000,
    run: fill,
  });
  return {
    drain: async () => {
      const before = sent;
      for (;;) {
        await fill();
        if (inFlight.size === 0) {
          opts.onSuccess?.();
          return sent - before;
        }
        await Promise.race(inFlight);
      }
    },
    kick: task.kick,
    start: () => {
      stopping = false;
      task.start();
    },
    stop: async () => {
      stopping = true;
      await task.stop();
      await claiming?.catch(() => {});
      await Promise.all(inFlight);
    },
  };
}
