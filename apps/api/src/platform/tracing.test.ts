import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startTracing } from './tracing.js';

const STARTED = Symbol.for('courier.tracing');

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = { name: string; traceId: string; spanId: string; attributes: { key: string; value: OtlpValue }[] };
type OtlpExport = {
  resourceSpans: { resource: { attributes: { key: string; value: OtlpValue }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
};

const attribute = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

describe('tracing', () => {
  it('is not started, and nothing of OpenTelemetry is loaded, without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const t = await createTestApp();
    try {
      expect((globalThis as Record<symbol, unknown>)[STARTED]).toBeUndefined();
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/config' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);

  describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
    const exports: OtlpExport[] = [];
    const lines: Record<string, unknown>[] = [];
    let collector: Server;
    let endpoint: string;
    let t: TestApp;

    beforeAll(async () => {
      // A stand-in collector: takes OTLP/HTTP JSON exports as a real one would.
      collector = createServer((req, res) => {
        let body = '';
        req.on('data', (c) => {
          body += c;
        });
        req.on('end', () => {
          if (req.method === 'POST' && req.url === '/v1/traces') exports.push(JSON.parse(body));
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      t = await createTestApp({
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'courier-test', LOG_LEVEL: 'info' },
        logStream: { write: (line) => lines.push(JSON.parse(line)) },
      });
    });

    afterAll(async () => {
      await t?.close();
      await new Promise((resolve) => collector.close(resolve));
    });

    it('exports a span per request to the collector, carrying the request id and the route, not the query', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/config?email=someone@clinic.test',
        headers: { 'x-request-id': 'trace-me-1' },
      });
      expect(res.statusCode).toBe(200);
      await (await startTracing({ endpoint, serviceName: 'courier-test' })).flush();
      const spans = exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
      const span = spans.find((s) => attribute(s, 'http.request.id') === 'trace-me-1');
      expect(span, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
      expect(attribute(span as OtlpSpan, 'http.route')).toBe('/api/v1/config');
      expect(attribute(span as OtlpSpan, 'url.path')).toBe('/api/v1/config?email=[REDACTED]');
      const service = exports[0].resourceSpans[0].resource.attributes.find((a) => a.key === 'service.name');
      expect(service?.value.stringValue).toBe('courier-test');

      // Its log lines share the request id with the span; those written inside it (all but "incoming request",
      // logged before any hook runs) carry the trace id too.
      const logged = lines.filter((l) => l.reqId === 'trace-me-1');
      expect(logged.find((l) => l.msg === 'request completed')?.trace_id).toBe((span as OtlpSpan).traceId);
      expect(logged.filter((l) => l.trace_id !== undefined).every((l) => l.trace_id === (span as OtlpSpan).traceId)).toBe(true);
    });
  });
});
