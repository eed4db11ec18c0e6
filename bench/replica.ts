/**
 * Public tracking with and without a read replica: the same server twice on the bench database, once with
 * DATABASE_READ_URL pointing at a streaming replica of it (pg_basebackup, a second postmaster on this machine),
 * over random tracking numbers from random addresses, like the tracking part.
 */
import { startServer } from '../e2e/fixtures/server.js';
import { startStreamingReplica } from '../apps/api/src/test/streaming-replica.js';
import { BENCH_DATABASE_URL, sampleTrackingNumbers } from './seed.js';
import { type TrackingLoad, trackingLoad } from './tracking.js';

export interface ReplicaBench {
  primaryOnly: TrackingLoad;
  withReplica: TrackingLoad;
}

export async function benchReplica(primaryBaseURL: string, seconds: number, connections: number): Promise<ReplicaBench | string> {
  const started = await startStreamingReplica(BENCH_DATABASE_URL);
  if (!started.replica) return started.impossible;
  const { replica } = started;
  try {
    await replica.caughtUp(120_000);
    const server = await startServer({
      label: 'courier-bench-replica',
      seed: false,
      requireWeb: false,
      env: {
        DATABASE_URL: BENCH_DATABASE_URL,
        DATABASE_READ_URL: replica.urlFor(BENCH_DATABASE_URL),
        TRUST_PROXY: 'true',
        ...(process.env.BENCH_POOL ? { DATABASE_POOL_MAX: process.env.BENCH_POOL } : {}),
      },
    });
    try {
      const numbers = await sampleTrackingNumbers(20_000);
      // Warm both (JIT, pools, the replica's cold cache), then measure each in turn.
      await trackingLoad(primaryBaseURL, numbers, 3, connections);
      await trackingLoad(server.baseURL, numbers, 3, connections);
      const primaryOnly = await trackingLoad(primaryBaseURL, numbers, seconds, connections);
      const withReplica = await trackingLoad(server.baseURL, numbers, seconds, connections);
      return { primaryOnly, withReplica };
    } finally {
      await server.stop();
    }
  } finally {
    await replica.stop();
  }
}
