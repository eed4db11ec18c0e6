import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from './db/client.js';
import type { TEnv } from './env.js';
import type { Clock } from './platform/clock.js';
import type { Geocoder } from './platform/geocoder/index.js';
import type { LiveBus } from './platform/live-events.js';
import type { LiveStreams } from './platform/live-streams.js';
import type { Mailer } from './platform/mailer.js';
import type { Metrics } from './platform/metrics.js';
import type { OutboxWorker } from './platform/outbox.js';
import type { SmsSender } from './platform/sms.js';
import type { FileStorage } from './platform/storage.js';

/** What use cases may reach: passed in, never imported, so tests build the same thing with a real DB. */
export interface Services {
  env: TEnv;
  publicUrl: string;
  database: Database;
  /** The primary: every write, and every read of what a person just wrote (a GET after their POST, a transaction). */
  db: Db;
  /**
   * Reads that tolerate a second of lag and no one's read-back: public tracking, reports and exports, the audit
   * list. DATABASE_READ_URL's replica when set, else the same handle as db.
   */
  readReplica: Db;
  /** DATABASE_READ_URL's pool when set (readiness pings it), else null. */
  replica: Database | null;
  clock: Clock;
  jwtKey: Uint8Array;
  mailer: Mailer;
  sms: SmsSender;
  outbox: OutboxWorker;
  storage: FileStorage;
  geocoder: Geocoder;
  /** Open server-sent-event streams: register each, so a stop can end them with a reconnect hint. */
  liveStreams: LiveStreams;
  /** Live-update events committed by any process on the database (LISTEN/NOTIFY). */
  liveBus: LiveBus;
  log: FastifyBaseLogger;
  /** Counts for the operator's /metrics (a no-op unless metrics are configured). */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
