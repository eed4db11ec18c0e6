import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { MAX_IMAGE_BYTES } from '@courier/contract';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { ensureRoles, ensureSuperAdmin } from './db/bootstrap.js';
import { openDatabaseFromEnv } from './db/open-from-env.js';
import { openReadReplica } from './db/open-read-replica.js';
import { metricsWanted, type TEnv } from './env.js';
import accountsRoutes from './modules/accounts/accounts.routes.js';
import addressesRoutes from './modules/addresses/addresses.routes.js';
import apiKeysRoutes from './modules/api-keys/api-keys.routes.js';
import fhirClientsRoutes from './modules/smart/fhir-clients.routes.js';
import fhirSubscriptionsRoutes from './modules/fhir/fhir-subscriptions.routes.js';
import smartAuthRoutes from './modules/smart/smart-auth.routes.js';
import auditRoutes from './modules/audit/audit.routes.js';
import autoDispatchRoutes from './modules/auto-dispatch/auto-dispatch.routes.js';
import billingRoutes from './modules/billing/billing.routes.js';
import devicesRoutes from './modules/devices/devices.routes.js';
import webhooksRoutes from './modules/webhooks/webhooks.routes.js';
import authRoutes from './modules/auth/auth.routes.js';
import deliveriesRoutes from './modules/deliveries/deliveries.routes.js';
import discrepanciesRoutes from './modules/discrepancies/discrepancies.routes.js';
import dispatchRoutes from './modules/dispatch/dispatch.routes.js';
import driverRoutes from './modules/driver/driver.routes.js';
import driverPayRoutes from './modules/driver-pay/driver-pay.routes.js';
import feedbackRoutes from './modules/feedback/feedback.routes.js';
import fhirRoutes from './modules/fhir/fhir.routes.js';
import filesRoutes from './modules/files/files.routes.js';
import geoRoutes from './modules/geo/geo.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import labelsRoutes from './modules/labels/labels.routes.js';
import { createBackupSchedule } from './modules/backups/backup-schedule.js';
import { createLateSweep } from './modules/late-sweep/late-sweep.js';
import { createLoggerGapSweep } from './modules/devices/logger-gap-sweep.js';
import { createRetentionSchedule } from './modules/retention/retention-schedule.js';
import { createOverdueSweep } from './modules/invoices/mark-overdue-invoices.js';
import invoicesRoutes from './modules/invoices/invoices.routes.js';
import medicalRoutes from './modules/medical/medical.routes.js';
import messagesRoutes from './modules/messages/messages.routes.js';
import { messageHoldBack } from './modules/messages/hold-back.js';
import { tellAdminsOfFailedMessage } from './modules/messages/tell-admins-of-failed-message.js';
import liveRoutes from './modules/live/live.routes.js';
import notificationsRoutes from './modules/notifications/notifications.routes.js';
import optinRoutes from './modules/optin/optin.routes.js';
import { createStandingOrderGenerator } from './modules/standing-orders/book-due-occurrences.js';
import standingOrdersRoutes from './modules/standing-orders/standing-orders.routes.js';
import reportsRoutes from './modules/reports/reports.routes.js';
import routePlansRoutes from './modules/route-plans/route-plans.routes.js';
import trackingRoutes from './modules/tracking/tracking.routes.js';
import manageUsersRoutes from './modules/users/manage-users.routes.js';
import usersRoutes from './modules/users/users.routes.js';
import { type Clock, systemClock } from './platform/clock.js';
import { createGeocoder } from './platform/geocoder/index.js';
import { createLiveBus, type LiveBus } from './platform/live-events.js';
import { createLiveStreams } from './platform/live-streams.js';
import { createMailer, type Mailer } from './platform/mailer.js';
import { loadPrometheusMetrics, noMetrics } from './platform/metrics.js';
import { combineOutboxWorkers, createOutboxWorker } from './platform/outbox.js';
import { createWebhookWorker } from './modules/webhooks/webhook-worker.js';
import { createHl7OutboundWorker } from './modules/hl7-outbound/hl7-outbound-worker.js';
import { createHl7Listener } from './modules/hl7/mllp-listener.js';
import hl7Routes from './modules/hl7/hl7.routes.js';
import { resolveJwtSecret } from './platform/secrets.js';
import { createSmsSender, twilioOf } from './platform/sms.js';
import { type LogStream, loggerOptions } from './platform/logger.js';
import { createFileStorage } from './platform/storage.js';
import { startTracing } from './platform/tracing.js';
import authPlugin from './plugins/auth.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin, { frameworkErrorBody } from './plugins/errors.js';
import metricsPlugin from './plugins/metrics.js';
import securityPlugin from './plugins/security.js';
import { compiledSerializerCompiler } from './plugins/serializer.js';
import webPlugin from './plugins/web.js';
import type { Services } from './services.js';

export interface AppOptions {
  env: TEnv;
  /** An open database; when absent one is opened from env (and closed with the app). */
  database?: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** false silences the log; otherwise it is always built by loggerOptions, so its redaction cannot be bypassed. */
  logger?: false;
  /** Where log lines go (standard output when absent). */
  logStream?: LogStream;
  /** Start the outbox worker's, the late sweep's and the standing-order generator's timers (off in API tests, which run them by hand). */
  runOutbox?: boolean;
  webRoot?: string;
  /** Sees every route as it is added (the route test checks each declares its audience). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole server without listening: main.ts listens, tests inject. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME })
    : null;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(env.LOG_LEVEL, opts.logStream, tracing?.logFields),
    // A client's request id is kept only as a short token of safe characters (it goes into logs and headers).
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: env.TRUST_PROXY,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorBody,
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // First, so every route and hook registered after it is traced.
  if (tracing) await app.register(tracing.plugin());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const ownsDatabase = !opts.database;
  const database =
    opts.database ??
    (await openDatabaseFromEnv(env, (err) => app.log.warn({ err: err.message }, 'database connection lost; the pool will reconnect')));
  let liveBus: LiveBus;
  let replica: Database | null = null;
  try {
    await database.migrate();
    replica = await openReadReplica(env, (err) =>
      app.log.warn({ err: err.message }, 'read replica connection lost; the pool will reconnect'),
    );
    await ensureRoles(database.db);
    await ensureSuperAdmin(database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, app.log);
    liveBus = await createLiveBus(database, app.log);
  } catch (err) {
    // The app never existed for its caller, so nothing else would release the database (and its DATA_DIR lock).
    await replica?.close().catch(() => {});
    if (ownsDatabase) await database.close().catch(() => {});
    throw err;
  }

  const clock = opts.clock ?? systemClock;
  const prometheus = metricsWanted(env) ? await loadPrometheusMetrics() : null;
  const metrics = prometheus ?? noMetrics;
  const mailer = opts.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: app.log });
  const sms = createSmsSender({ providerUrl: env.SMS_PROVIDER_URL, twilio: twilioOf(env), log: app.log });
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const messages = createOutboxWorker({
    db: database.db,
    mailer,
    sms,
    clock,
    log: app.log,
    holdBack: messageHoldBack(database.db),
    onGivenUp: tellAdminsOfFailedMessage,
    metrics,
  });
  const webhooks = createWebhookWorker({
    db: database.db,
    clock,
    log: app.log,
    production: env.NODE_ENV === 'production',
    allowedNetworks: env.OUTBOUND_ALLOWED_NETWORKS,
    publicUrl,
    metrics,
  });
  const hl7Outbound = createHl7OutboundWorker({
    db: database.db,
    clock,
    log: app.log,
    production: env.NODE_ENV === 'production',
    allowedNetworks: env.OUTBOUND_ALLOWED_NETWORKS,
  });
  // One durable outbox for everything that leaves after a commit: e-mail and SMS, webhooks (whose
  // disabling e-mail goes out on the same pass) and HL7 status messages.
  const outbox = combineOutboxWorkers(webhooks, hl7Outbound, messages);
  const services: Services = {
    env,
    publicUrl,
    database,
    db: database.db,
    readReplica: replica?.db ?? database.db,
    replica,
    clock,
    jwtKey: new TextEncoder().encode(resolveJwtSecret(env.JWT_SECRET, env.DATA_DIR)),
    mailer,
    sms,
    outbox,
    storage: createFileStorage(env.DATA_DIR),
    geocoder: createGeocoder(env, {
      log: app.log,
      contact: env.PUBLIC_URL,
      region: { states: env.SERVICE_AREA_STATES, depot: env.ROUTING_BASE },
    }),
    liveStreams: createLiveStreams(),
    liveBus,
    log: app.log,
    metrics,
  };
  app.decorate('services', services);
  // The MLLP listener (HL7_MLLP_PORT): started with the timers below, stopped first on close.
  const hl7Listener = createHl7Listener(services, app.log);
  app.decorate('hl7Listener', hl7Listener);
  prometheus?.watch({
    database,
    replica: replica ?? undefined,
    clock,
    liveStreams: services.liveStreams,
    storage: services.storage,
    backupDir: env.BACKUP_DIR,
  });

  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { prometheus });
  await app.register(securityPlugin);
  await app.register(docsPlugin);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 3, fields: 40, fieldSize: 64 * 1024 } });
  await app.register(authPlugin);

  await app.register(healthRoutes);
  for (const routes of [
    authRoutes,
    usersRoutes,
    manageUsersRoutes,
    deliveriesRoutes,
    standingOrdersRoutes,
    addressesRoutes,
    dispatchRoutes,
    discrepanciesRoutes,
    autoDispatchRoutes,
    routePlansRoutes,
    reportsRoutes,
    auditRoutes,
    driverRoutes,
    medicalRoutes,
    labelsRoutes,
    trackingRoutes,
    feedbackRoutes,
    optinRoutes,
    notificationsRoutes,
    messagesRoutes,
    liveRoutes,
    geoRoutes,
    filesRoutes,
    apiKeysRoutes,
    webhooksRoutes,
    billingRoutes,
    accountsRoutes,
    invoicesRoutes,
    devicesRoutes,
    driverPayRoutes,
    fhirClientsRoutes,
    fhirSubscriptionsRoutes,
    hl7Routes,
  ]) {
    await app.register(routes, { prefix: '/api' });
  }
  // SMART Backend Services: the token endpoint and discovery beside the FHIR base (/fhir/r4), outside /api.
  await app.register(smartAuthRoutes);
  // FHIR R4 for the labs' own systems: its own errors (OperationOutcome) and content type (modules/fhir).
  await app.register(fhirRoutes, { prefix: '/fhir/r4' });
  if (env.SERVE_WEB) await app.register(webPlugin, { root: opts.webRoot ?? env.WEB_DIST });
  else await app.register(webPlugin, { root: '/nonexistent' });

  const lateSweep = createLateSweep(services, app.log);
  const loggerGapSweep = createLoggerGapSweep(services, app.log);
  const standingOrderGenerator = createStandingOrderGenerator(services, app.log);
  const backups = createBackupSchedule(services, app.log);
  const retention = createRetentionSchedule(services, app.log);
  const overdueSweep = createOverdueSweep(services, app.log);
  app.decorate('backups', backups);
  if (opts.runOutbox ?? true) {
    outbox.start();
    lateSweep.start();
    loggerGapSweep.start();
    standingOrderGenerator.start();
    backups.start();
    retention.start();
    overdueSweep.start();
    await hl7Listener.start();
  }
  // Before the server waits for requests in flight: live streams never end by themselves.
  app.addHook('preClose', async () => {
    services.liveStreams.endAll();
  });
  app.addHook('onClose', async () => {
    await hl7Listener.stop();
    await app.flushRateLimits();
    await lateSweep.stop();
    await loggerGapSweep.stop();
    await standingOrderGenerator.stop();
    await backups.stop();
    await retention.stop();
    await overdueSweep.stop();
    await outbox.stop();
    await liveBus.close();
    mailer.close();
    await replica?.close();
    if (ownsDatabase) await database.close();
    await tracing?.flush().catch(() => {});
  });
  return app;
}
