import type { FastifyInstance } from 'fastify';

export interface Responsiveness<T> {
  result: T;
  /** How long the work took, start to end. */
  workMs: number;
  /** The slowest /healthz answer while the work ran. */
  slowestHealthMs: number;
  /** How many /healthz answers came while the work ran. */
  polls: number;
}

/**
 * Runs `work` while another caller asks /healthz every 5 ms, as a load balancer's probe or another customer's
 * request would: an event loop held by the work shows as a slow answer.
 */
export async function measureWhile<T>(app: FastifyInstance, work: () => Promise<T>): Promise<Responsiveness<T>> {
  let done = false;
  let slowestHealthMs = 0;
  let polls = 0;
  const poll = (async () => {
    while (!done) {
      const asked = performance.now();
      const res = await app.inject({ url: '/healthz' });
      if (res.statusCode !== 200) throw new Error(`/healthz answered ${res.statusCode}`);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - asked);
      polls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, workMs: performance.now() - started, slowestHealthMs, polls };
  } finally {
    done = true;
    await poll;
  }
}
