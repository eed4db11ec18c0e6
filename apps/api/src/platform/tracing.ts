import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { redactUrl } from './logger.js';

/** OpenTelemetry, started when OTEL_EXPORTER_OTLP_ENDPOINT is set: spans of requests, PostgreSQL and Redis calls. */
export interface Tracing {
  /** The Fastify plugin that opens a span per request (register it before any route). */
  plugin(): FastifyPluginCallback;
  /** The active span's ids, for log lines (empty outside a span). */
  logFields(): { trace_id?: string; span_id?: string };
  /** Sends the spans still batched (at close). */
  flush(): Promise<void>;
}

export interface TracingOptions {
  /** The collector's base URL (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

// One provider per process, however many apps it builds: OpenTelemetry's API is global.
const STARTED = Symbol.for('courier.tracing');
type Holder = { [STARTED]?: Promise<Tracing> };

/**
 * Starts tracing once per process. Everything OpenTelemetry is imported here, on demand, so a server without
 * the variable loads none of it. The pg and ioredis instrumentations patch those modules as they load: the
 * compiled server loads this first (`npm start` does), so a PostgreSQL query becomes a child of its request.
 */
export function startTracing(options: TracingOptions): Promise<Tracing> {
  const holder = globalThis as Holder;
  holder[STARTED] ??= loadTracing(options);
  return holder[STARTED];
}

async function loadTracing(options: TracingOptions): Promise<Tracing> {
  const [api, { NodeTracerProvider }, { BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, instrumentation] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
    ]);
  const [{ PgInstrumentation }, { IORedisInstrumentation }, fastifyOtel] = await Promise.all([
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@fastify/otel'),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  const fastify = new fastifyOtel.FastifyOtelInstrumentation({
    // The request id links the span to the log lines; the path is recorded as the logs record it.
    requestHook: (span: import('@opentelemetry/api').Span, request: FastifyRequest) => {
      span.setAttribute('http.request.id', request.id);
      span.setAttribute('url.path', redactUrl(request.url));
    },
    ignorePaths: (route: { url: string }) => route.url === '/healthz' || route.url === '/readyz' || route.url === '/metrics',
  });
  instrumentation.registerInstrumentations({
    tracerProvider: provider,
    // Query text only (no parameter values), as the pg instrumentation does by default.
    instrumentations: [new PgInstrumentation({ enhancedDatabaseReporting: false }), new IORedisInstrumentation(), fastify],
  });
  return {
    plugin: () => fastify.plugin(),
    logFields: () => {
      const context = api.trace.getActiveSpan()?.spanContext();
      return context && api.isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
    },
    flush: () => provider.forceFlush(),
  };
}
