import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DELIVERY_STATUSES, DELIVERY_TYPES, HOLD_TEMPERATURE, PACKAGE_TYPES } from '@courier/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JobName, MetricsSources, PrometheusMetrics, QueueName, SendResult } from './metrics-types.js';
import { isBackupArchive } from './backup-names.js';

const STATUSES = new Set<string>(DELIVERY_STATUSES);
const LABELS = {
  method: new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
  status: STATUSES,
  deliveryType: new Set<string>(DELIVERY_TYPES),
  packageType: new Set<string>(PACKAGE_TYPES),
  holdReason: new Set<string>([HOLD_TEMPERATURE]),
  queue: new Set<QueueName>(['email', 'sms', 'webhook']),
  result: new Set<SendResult>(['sent', 'retry', 'failed', 'held_back']),
  job: new Set<JobName>(['outbox', 'webhooks', 'late_sweep', 'standing_orders', 'backup', 'retention', 'logger_gaps']),
};
/** A label value from a fixed list, or 'other': nothing a caller typed or an id can become a series. */
const oneOf = (value: string, allowed: ReadonlySet<string>) => (allowed.has(value) ? value : 'other');

const QUEUES: QueueName[] = ['email', 'sms', 'webhook'];
/** Exported only on PostgreSQL (PGlite has no pool to measure). */
export const POSTGRES_ONLY_METRICS = ['courier_db_pool_connections', 'courier_db_pool_waiting'];
/** Exported only while DATABASE_READ_URL names a replica. */
export const REPLICA_ONLY_METRICS = ['courier_db_replica_lag_seconds'];
const CHECK_TIMEOUT_MS = 2000;

/** A check that answers 1 or 0 within the time limit (as /readyz decides). */
async function upOrDown(check: () => Promise<unknown>): Promise<0 | 1> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 1;
  } catch {
    return 0;
  } finally {
    clearTimeout(timer);
  }
}

/** The newest complete archive's time in BACKUP_DIR, or null when there is none (or no folder). */
async function newestBackupSeconds(dir: string): Promise<number | null> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let newest: number | null = null;
  for (const name of names.filter(isBackupArchive)) {
    const s = await stat(join(dir, name)).catch(() => null);
    if (s && (newest === null || s.mtimeMs > newest)) newest = s.mtimeMs;
  }
  return newest === null ? null : newest / 1000;
}

interface QueueRow extends Record<string, unknown> {
  queue: QueueName;
  depth: number;
  oldest: number | null;
}

/** Messages waiting to leave (due or backing off), per queue, and the oldest one's creation (epoch seconds). */
async function readQueues(sources: MetricsSources): Promise<QueueRow[]> {
  const result = await sources.database.db.execute<QueueRow>(sql`
    select channel as queue, count(*)::int as depth, extract(epoch from min(created_at))::float8 as oldest
      from outbox_messages where status = 'pending' group by channel
    union all
    select 'webhook', count(*)::int, extract(epoch from min(m.created_at))::float8
      from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id
     where m.status = 'pending' and e.enabled`);
  return (result as unknown as { rows: QueueRow[] }).rows;
}

/** Deliveries on hold now, by reason (a partial index holds exactly these rows). */
async function readHolds(sources: MetricsSources): Promise<{ reason: string | null; count: number }[]> {
  const result = await sources.database.db.execute(
    sql`select hold_reason as reason, count(*)::int as count from deliveries where hold_since is not null group by hold_reason`,
  );
  return (result as unknown as { rows: { reason: string | null; count: number }[] }).rows;
}

/**
 * The replica's lag in seconds: since the last replayed transaction, or 0 when it has replayed everything it received
 * (an idle primary sends nothing, and "an hour since the last replay" would then be a false alarm).
 */
async function readReplicaLag(replica: NonNullable<MetricsSources['replica']>): Promise<number | null> {
  const result = await replica.db.execute(sql`
    select case
      when not pg_is_in_recovery() then 0
      when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
      else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
    end::float8 as lag`);
  return (result as unknown as { rows: { lag: number }[] }).rows[0]?.lag ?? null;
}

interface MetricSpec {
  name: string;
  help: string;
  labelNames?: readonly string[];
}

/** The pools whose connections are measured: every query's primary, and DATABASE_READ_URL's replica when set. */
type PoolName = 'primary' | 'replica';

const COUNTERS = {
  bookings: {
    name: 'courier_bookings_total',
    help: 'Deliveries booked, by delivery type and package type',
    labelNames: ['delivery_type', 'package_type'],
  },
  moves: {
    name: 'courier_delivery_moves_total',
    help: 'Status moves committed, by the status moved from and to',
    labelNames: ['from', 'to'],
  },
  sends: {
    name: 'courier_messages_sent_total',
    help: 'Send attempts of the outbox (email, sms) and webhooks, by result: sent, retry, failed (given up), held_back',
    labelNames: ['queue', 'result'],
  },
} satisfies Record<string, MetricSpec>;

const GAUGES = {
  holds: {
    name: 'courier_deliveries_on_hold',
    help: 'Deliveries on hold now (every process reports the same figure), by reason',
    labelNames: ['reason'],
  },
  jobSuccess: {
    name: 'courier_job_last_success_timestamp_seconds',
    help: 'When each background job last finished a run without error (Unix time)',
    labelNames: ['job'],
  },
  queueDepth: {
    name: 'courier_queue_depth',
    help: 'Messages waiting to be sent (due now or backing off after a failure), per queue',
    labelNames: ['queue'],
  },
  queueAge: {
    name: 'courier_queue_oldest_age_seconds',
    help: 'Age of the oldest message waiting in each queue (0 when empty)',
    labelNames: ['queue'],
  },
  storeUp: {
    name: 'courier_store_up',
    help: 'Whether a store requests need answers (database, files): 1 up, 0 down, as /readyz decides',
    labelNames: ['store'],
  },
  liveStreams: { name: 'courier_live_streams_open', help: 'Server-sent-event streams open on this process' },
  backupAge: {
    name: 'courier_backup_last_success_timestamp_seconds',
    help: 'When the newest complete backup archive in BACKUP_DIR was written (Unix time)',
  },
  replicaLag: {
    name: 'courier_db_replica_lag_seconds',
    help: "How far DATABASE_READ_URL's replica is behind the primary: seconds since the last transaction it replayed, 0 when it has replayed all it received",
  },
  poolMax: {
    name: 'courier_db_pool_max',
    help: 'Database connections this process may open, per pool (1 for the embedded PGlite)',
    labelNames: ['pool'],
  },
} satisfies Record<string, MetricSpec>;

/** Registered only for PostgreSQL's pools: PGlite cannot tell, and a made-up zero would hide a real wait. */
const POOL_GAUGES = {
  connections: {
    name: 'courier_db_pool_connections',
    help: 'Database pool connections by pool and state: in_use (lent to a query or transaction) or idle',
    labelNames: ['pool', 'state'],
  },
  waiting: { name: 'courier_db_pool_waiting', help: 'Queries waiting for a pooled database connection, per pool', labelNames: ['pool'] },
} satisfies Record<string, MetricSpec>;

/** One metric per spec, under the same keys. */
function build<K extends string, M>(specs: Record<K, MetricSpec>, make: (spec: MetricSpec) => M): Record<K, M> {
  return Object.fromEntries(Object.entries<MetricSpec>(specs).map(([key, spec]) => [key, make(spec)])) as Record<K, M>;
}

/** prom-client's registry with the app's metrics; prom-client itself is imported here, on demand. */
export async function createPrometheusMetrics(): Promise<PrometheusMetrics> {
  const client = await import('prom-client');
  const registry = new client.Registry();
  // Process metrics, event-loop lag (nodejs_eventloop_lag_*), heap and GC, from prom-client.
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const gauge = (spec: MetricSpec) => new client.Gauge({ ...spec, labelNames: [...(spec.labelNames ?? [])], registers });

  const httpDuration = new client.Histogram({
    name: 'courier_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status code: how long each took',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const counters = build(COUNTERS, (spec) => new client.Counter({ ...spec, labelNames: [...(spec.labelNames ?? [])], registers }));
  const gauges = build(GAUGES, gauge);
  let pool: Record<keyof typeof POOL_GAUGES, InstanceType<typeof client.Gauge>> | undefined;
  let sources: MetricsSources | undefined;

  async function refresh(s: MetricsSources) {
    const now = s.clock.now().getTime() / 1000;
    const [queues, onHold, database, files, backup, replicaLag] = await Promise.all([
      readQueues(s).catch(() => null),
      readHolds(s).catch(() => null),
      upOrDown(() => s.database.ping()),
      upOrDown(() => s.storage.checkWritable()),
      s.backupDir ? newestBackupSeconds(s.backupDir) : Promise.resolve(null),
      s.replica ? readReplicaLag(s.replica).catch(() => null) : Promise.resolve(null),
    ]);
    const { storeUp, queueDepth, queueAge, holds, backupAge } = gauges;
    storeUp.set({ store: 'database' }, database);
    storeUp.set({ store: 'files' }, files);
    gauges.replicaLag.reset();
    if (replicaLag !== null) gauges.replicaLag.set(replicaLag);
    // A failed read leaves no figure rather than a stale one.
    queueDepth.reset();
    queueAge.reset();
    if (queues) {
      for (const queue of QUEUES) {
        const row = queues.find((r) => r.queue === queue);
        queueDepth.set({ queue }, row?.depth ?? 0);
        queueAge.set({ queue }, row?.oldest == null ? 0 : Math.max(0, now - row.oldest));
      }
    }
    holds.reset();
    if (onHold) holds.set({ reason: HOLD_TEMPERATURE }, 0);
    for (const row of onHold ?? []) holds.inc({ reason: oneOf(row.reason ?? '', LABELS.holdReason) }, row.count);
    const pools: [PoolName, MetricsSources['database'] | undefined][] = [
      ['primary', s.database],
      ['replica', s.replica],
    ];
    for (const [name, db] of pools) {
      if (!db) continue;
      const stats = db.poolStats?.();
      if (stats && pool) {
        pool.connections.set({ pool: name, state: 'in_use' }, stats.inUse);
        pool.connections.set({ pool: name, state: 'idle' }, stats.total - stats.inUse);
        pool.waiting.set({ pool: name }, stats.waiting);
      }
      gauges.poolMax.set({ pool: name }, stats?.max ?? 1);
    }
    gauges.liveStreams.set(s.liveStreams.size);
    backupAge.reset();
    if (backup !== null) backupAge.set(backup);
  }

  return {
    enabled: true,
    contentType: registry.contentType,
    booked: (kind) =>
      counters.bookings.inc({
        delivery_type: oneOf(kind.deliveryType, LABELS.deliveryType),
        package_type: oneOf(kind.packageType, LABELS.packageType),
      }),
    moved: (from, to) => counters.moves.inc({ from: oneOf(from, LABELS.status), to: oneOf(to, LABELS.status) }),
    sendResult: (queue, result) => counters.sends.inc({ queue: oneOf(queue, LABELS.queue), result: oneOf(result, LABELS.result) }),
    jobSucceeded: (job) => gauges.jobSuccess.set({ job: oneOf(job, LABELS.job) }, Date.now() / 1000),
    watch: (s) => {
      sources = s;
      if (s.database.poolStats && !pool) pool = build(POOL_GAUGES, gauge);
    },
    observeRequests: (app: FastifyInstance) => {
      app.addHook('onResponse', async (request, reply) => {
        httpDuration.observe(
          {
            method: oneOf(request.method, LABELS.method),
            // The template (/api/v1/deliveries/track/:trackingNumber), never the URL; no route: unmatched.
            route: request.routeOptions.url ?? 'unmatched',
            status_code: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      });
    },
    render: async () => {
      if (sources) await refresh(sources);
      return registry.metrics();
    },
  };
}
