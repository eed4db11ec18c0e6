import type { FastifyInstance } from 'fastify';

export interface Responsiveness<T> {
  result: T;
  /** How long the work took, start to end. */
  workMs: number;
  /** The slowest probe answer while the work ran, counted from when it was due (a timer held back counts too). */
  slowestHealthMs: number;
  /** How many probe answers came while the work ran. */
  polls: number;
}

/**
 * Runs `work` while another caller asks /healthz (or `probeUrl`, e.g. a public tracking page) every 5 ms, as a load
 * balancer's probe or another customer's request would: an event loop or a database session held by the work
 * shows as a slow answer.
 */
export async function measureWhile<T>(app: FastifyInstance, work: () => Promise<T>, probeUrl = '/healthz'): Promise<Responsiveness<T>> {
  let done = false;
  let slowestHealthMs = 0;
  let polls = 0;
  let due = performance.now();
  const poll = (async () => {
    while (!done) {
      const res = await app.inject({ url: probeUrl });
      if (res.statusCode !== 200) throw new Error(`${probeUrl} answered ${res.statusCode}`);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - due);
      polls++;
      due = performance.now() + 5;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    const ended = performance.now();
    // An answer still waiting when the work ends is as late as it is by then.
    return { result, workMs: ended - started, slowestHealthMs: Math.max(slowestHealthMs, ended - due), polls };
  } finally {
    done = true;
    await poll;
  }
}
