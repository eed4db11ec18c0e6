import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import type { Clock } from './clock.js';
import type { LiveStreams } from './live-streams.js';
import type { FileStorage } from './storage.js';

/** The durable queues whose sends are counted and whose depth is measured. */
export type QueueName = 'email' | 'sms' | 'webhook';
/** What became of one send attempt: gone, to be retried, given up, or held back (STOP, unsubscribe). */
export type SendResult = 'sent' | 'retry' | 'failed' | 'held_back';
/** Background work whose last successful run is exported (an alert on a job that stopped running). */
export type JobName = 'outbox' | 'webhooks' | 'late_sweep' | 'standing_orders' | 'backup' | 'retention' | 'logger_gaps';

/**
 * What the app records for an operator: counts of what happened in this process, by kind only. Every label
 * value is checked against a fixed list by the implementation (an id, a tracking number or an address never
 * becomes a label). Without METRICS_TOKEN or METRICS_PORT it is `noMetrics` and prom-client is never loaded.
 */
export interface Metrics {
  readonly enabled: boolean;
  /** A booking committed. */
  booked(kind: { deliveryType: string; packageType: string }): void;
  /** A status move committed. */
  moved(from: string, to: string): void;
  sendResult(queue: QueueName, result: SendResult): void;
  jobSucceeded(job: JobName): void;
}

/** What is measured when Prometheus scrapes (read at that moment, not counted as it happens). */
export interface MetricsSources {
  database: Database;
  /** DATABASE_READ_URL's pool, when set: its connections are labelled pool="replica". */
  replica?: Database;
  clock: Clock;
  liveStreams: LiveStreams;
  storage: FileStorage;
  /** Where backup archives are written; unset: no backup age is exported. */
  backupDir?: string;
}

/** The metrics prom-client keeps (loaded on demand): recorders plus the text exposition. */
export interface PrometheusMetrics extends Metrics {
  /** Reads the scrape-time gauges and renders everything in the Prometheus text format. */
  render(): Promise<string>;
  readonly contentType: string;
  /** Times every request by route template, method and status. */
  observeRequests(app: FastifyInstance): void;
  /** Gives the scrape-time gauges their sources (once the app's services exist). */
  watch(sources: MetricsSources): void;
}
