import { existsSync } from 'node:fs';
import { isValidRoutingNumber } from '@courier/contract';
import { z } from 'zod';
import { parseNetworkList } from './platform/allowed-networks.js';
import { US_STATE_CODES } from './platform/geocoder/us-states.js';

const KNOWN_STATES = new Set(Object.values(US_STATE_CODES));

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

/** Every setting the server reads, with its default; a bad value stops the start naming the variable. */
export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** PostgreSQL connections per process; the default is measured (docs/benchmarks.md). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * A streaming replica of DATABASE_URL (PostgreSQL only): reads that tolerate a second of lag (public tracking,
   * reports, exports, the audit list) go there; unset: they go to the primary like everything else.
   */
  DATABASE_READ_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('MedCourier <no-reply@medcourier.example>'),
  SMS_PROVIDER_URL: optionalUrl,
  /** Twilio's Messages API; all three or none. TWILIO_API_URL points it elsewhere (a fake in tests, staging). */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-zA-Z]{32}$/, 'must be AC followed by 32 letters or digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number')
    .optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  GEOCODER: z.enum(['offline', 'nominatim', 'google']).default('offline'),
  GEOCODER_KEY: z.string().optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Two-letter states served, comma-separated (MA,NH,RI); unset means anywhere. */
  SERVICE_AREA_STATES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine((code) => KNOWN_STATES.has(code), 'must be two-letter state codes separated by commas, e.g. MA,NH,RI')))
    .optional(),
  /** The number drivers call for dispatch (shown as a Call dispatch button); unset hides the button. */
  DISPATCH_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()./-]{7,25}$/, 'must be a phone number')
    .optional(),
  BUSINESS_TZ: z
    .string()
    .default('America/New_York')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone'),
  /** How far ahead a standing order's occurrence is created as a delivery. */
  STANDING_ORDER_LEAD_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(1)
    .max(24 * 14)
    .default(24),
  /**
   * CSV imports: most rows a file may hold, and files one customer may send a minute. Unset: 1,000 rows and 10 a
   * minute on PostgreSQL; 25 rows and 2 a minute on the embedded database, whose one session every other
   * request waits on while an import's transaction writes.
   */
  IMPORT_MAX_ROWS: z.coerce.number().int('must be a whole number of rows').min(1).max(1000).optional(),
  IMPORT_RATE_PER_MINUTE: z.coerce.number().int('must be a whole number').min(1).max(600).optional(),
  /** Route planning: an OSRM server whose table service gives travel times; unset: straight lines. */
  ROUTING_URL: z.url().optional(),
  /** Without ROUTING_URL: straight-line distance times this factor, driven at ROUTING_SPEED_KMH. */
  ROUTING_DETOUR_FACTOR: z.coerce.number().min(1).max(5).default(1.3),
  ROUTING_SPEED_KMH: z.coerce.number().min(5).max(200).default(40),
  /** The drivers' home base as "lat,lng" (shifts starting at base); unset: the middle of the day's pickups. */
  ROUTING_BASE: z
    .string()
    .regex(/^\s*-?\d{1,2}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/, 'must be "lat,lng", e.g. 42.3601,-71.0589')
    .transform((v) => {
      const [lat, lng] = v.split(',').map((x) => Number(x.trim()));
      return { lat, lng };
    })
    .refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180, 'must be "lat,lng" on the map')
    .optional(),
  /** How long a stop may wait for requests in flight before the process exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int('must be a whole number of milliseconds').min(0).max(600_000).default(10_000),
  /** Failed attempts a delivery may have: past it, only a return is offered (a re-attempt answers 409). */
  MAX_DELIVERY_ATTEMPTS: z.coerce.number().int('must be a whole number').min(1).max(10).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Approving a job also gives it to the best driver on shift (the auto-assign), or says why none fits. */
  AUTO_ASSIGN_ON_APPROVAL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How often the sweep looks for loggers on board that went quiet (longer than three of their intervals). */
  LOGGER_GAP_SWEEP_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** How often an open live-update stream sends a heartbeat comment (proxies drop silent connections). */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(120_000).default(20_000),
  /** Serves GET /metrics on the main port to callers sending `Authorization: Bearer <token>`; unset: 404 there. */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Serves the metrics on a port of their own (no token: keep that port private); unset: no such listener. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** An OpenTelemetry collector's base URL (OTLP over HTTP): traces are sent there; unset: nothing is loaded or sent. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** The service name on those traces. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('medcourier-api'),
  /** Where backup archives go (`npm run backup`, BACKUP_AT); use storage that outlives this machine. */
  BACKUP_DIR: z.string().default('./backups'),
  /** How many archives to keep; older ones are removed after each backup. */
  BACKUP_KEEP: z.coerce.number().int('must be a whole number').min(1).max(1000).default(7),
  /** The server takes a backup daily at this time of BUSINESS_TZ (HH:MM); unset: only `npm run backup` takes them. */
  BACKUP_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM, e.g. 02:30')
    .optional(),
  /** The remit-to block printed on every invoice: lines separated by "|" (payee, address, how to pay). */
  INVOICE_REMIT_TO: z.string().trim().min(1).max(500).optional(),
  /** The sales account code of invoice lines in the Xero export (Xero's default chart: 200 Sales). */
  XERO_SALES_ACCOUNT_CODE: z.string().trim().min(1).max(20).default('200'),
  /**
   * Days after a delivery is finished (delivered, returned or cancelled) that the nightly retention job removes its
   * recipient's personal details; unset: they are kept.
   */
  RETENTION_PERSONAL_DAYS: z.coerce.number().int('must be a whole number of days').min(1).max(36_500).optional(),
  /**
   * Years audit rows are kept before the nightly retention job deletes them; never fewer than six (HIPAA keeps required
   * documentation six years). Unset: kept for ever. Custody events, proofs and receipts are never deleted by the job.
   */
  RETENTION_RECORDS_YEARS: z.coerce
    .number()
    .int('must be a whole number of years')
    .min(6, 'must be at least 6: custody, audit, proof and receipt records are kept six years')
    .max(100)
    .optional(),
  /**
   * Networks outbound calls (webhooks) may reach although private or loopback, as CIDRs separated by commas
   * (10.20.0.0/16,127.0.0.0/8,fd00::/8): a hospital's intranet endpoint behind a VPN, or one on this host.
   */
  OUTBOUND_ALLOWED_NETWORKS: z
    .string()
    .transform((v, ctx) => {
      try {
        return parseNetworkList(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `${(err as Error).message}; list CIDRs separated by commas` });
        return z.NEVER;
      }
    })
    .default([]),
  /**
   * The key that seals fields kept encrypted at rest (drivers' bank accounts), any text of 32 or more characters;
   * unset: one is generated and kept under DATA_DIR. Several API processes must share one: set it then.
   */
  DATA_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Direct deposit (the NACHA file of approved driver settlements): the paying company; all four or none. */
  PAYROLL_COMPANY_NAME: z.string().trim().min(1).max(16, 'must be at most 16 characters (the NACHA company name field)').optional(),
  PAYROLL_COMPANY_ID: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z ]{1,10}$/, 'must be the 10-character company identification (e.g. 1 and the EIN)')
    .optional(),
  PAYROLL_ROUTING_NUMBER: z
    .string()
    .trim()
    .refine(isValidRoutingNumber, 'must be a 9-digit routing number with a valid check digit')
    .optional(),
  PAYROLL_ACCOUNT_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'must be 4 to 17 digits')
    .optional(),
  /** The MLLP listener's port for HL7 v2 order messages (docs/hl7.md), bound to HOST; 0 takes any free port; unset: no listener. */
  HL7_MLLP_PORT: z.coerce.number().int('must be a whole number').min(0).max(65535).optional(),
  /** The host name interface engines are told to connect to; unset: PUBLIC_URL's host name. */
  HL7_MLLP_HOST: z.string().trim().min(1).max(253).optional(),
  /** PEM files of the listener's TLS certificate (chain) and key: both or neither; with them the listener speaks MLLP over TLS. */
  HL7_MLLP_TLS_CERT: z.string().min(1).optional(),
  HL7_MLLP_TLS_KEY: z.string().min(1).optional(),
  /** Where the built SPA lives (default apps/web/dist); lets parallel builds run side by side. */
  WEB_DIST: z.string().optional(),
  SERVE_WEB: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type TEnv = z.infer<typeof ZEnv>;

/** Metrics are collected (and prom-client loaded) only when something will read them. */
export const metricsWanted = (env: Pick<TEnv, 'METRICS_TOKEN' | 'METRICS_PORT'>) => Boolean(env.METRICS_TOKEN || env.METRICS_PORT);

export class EnvError extends Error {}

/** Parses the environment; throws one line naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): TEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new EnvError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  if (result.data.GEOCODER === 'google' && !result.data.GEOCODER_KEY) {
    throw new EnvError('Invalid environment variable GEOCODER_KEY: required when GEOCODER is google');
  }
  const twilio = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter((k) => !result.data[k]);
  if (twilio.length > 0 && twilio.length < 3) {
    throw new EnvError(`Invalid environment variable ${twilio[0]}: required when any TWILIO_ setting is set`);
  }
  if (result.data.METRICS_PORT !== undefined && result.data.METRICS_PORT === result.data.PORT) {
    throw new EnvError('Invalid environment variable METRICS_PORT: must differ from PORT');
  }
  if (result.data.DATABASE_READ_URL && !result.data.DATABASE_URL) {
    throw new EnvError(
      'Invalid environment variable DATABASE_READ_URL: needs DATABASE_URL (a replica of PostgreSQL, not of the embedded database)',
    );
  }
  const payroll = (['PAYROLL_COMPANY_NAME', 'PAYROLL_COMPANY_ID', 'PAYROLL_ROUTING_NUMBER', 'PAYROLL_ACCOUNT_NUMBER'] as const).filter(
    (k) => !result.data[k],
  );
  if (payroll.length > 0 && payroll.length < 4) {
    throw new EnvError(`Invalid environment variable ${payroll[0]}: required when any PAYROLL_ setting is set`);
  }
  if (Boolean(result.data.HL7_MLLP_TLS_CERT) !== Boolean(result.data.HL7_MLLP_TLS_KEY)) {
    const missing = result.data.HL7_MLLP_TLS_CERT ? 'HL7_MLLP_TLS_KEY' : 'HL7_MLLP_TLS_CERT';
    throw new EnvError(`Invalid environment variable ${missing}: HL7_MLLP_TLS_CERT and HL7_MLLP_TLS_KEY go together`);
  }
  if (result.data.HL7_MLLP_PORT && [result.data.PORT, result.data.METRICS_PORT].includes(result.data.HL7_MLLP_PORT)) {
    throw new EnvError('Invalid environment variable HL7_MLLP_PORT: must differ from PORT and METRICS_PORT');
  }
  for (const key of ['HL7_MLLP_TLS_CERT', 'HL7_MLLP_TLS_KEY'] as const) {
    const path = result.data[key];
    if (path && !existsSync(path)) throw new EnvError(`Invalid environment variable ${key}: no file at ${path}`);
  }
  if (result.data.ADMIN_EMAIL && !result.data.ADMIN_PASSWORD) {
    throw new EnvError('Invalid environment variable ADMIN_PASSWORD: required when ADMIN_EMAIL is set');
  }
  return result.data;
}
