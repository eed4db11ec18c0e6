import { parseEnv } from './env.js';
import { startTracing } from './platform/tracing.js';

/**
 * Loaded before the server's main module when OTEL_EXPORTER_OTLP_ENDPOINT is set (scripts/start.mjs), so the
 * pg and ioredis instrumentations are in place before those modules load. A bad environment is left for the
 * server's own start to report.
 */
let env: ReturnType<typeof parseEnv> | undefined;
try {
  env = parseEnv();
} catch {
  env = undefined;
}
if (env?.OTEL_EXPORTER_OTLP_ENDPOINT) {
  await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME });
}
