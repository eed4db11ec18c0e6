import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/seed/factories.js';
import { createPeriodicTask } from '../platform/background-work.js';
import { fixedClock } from '../platform/clock.js';
import { enqueueEmail } from '../platform/outbox.js';
import { useTestApp } from '../test/test-app.js';
import { TEST_NOW, validDeliveryForm } from '../modules/deliveries/delivery-test-kit.js';
import { listenForMetrics } from './metrics.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const scrapeHeaders = { authorization: `Bearer ${TOKEN}` };

/** Every label name a series may carry: none of them takes a value a caller chose. */
const ALLOWED_LABELS = new Set([
  'method',
  'route',
  'status_code',
  'delivery_type',
  'package_type',
  'from',
  'to',
  'reason',
  'queue',
  'result',
  'job',
  'state',
  'pool',
  'store',
  'le',
  'quantile',
  'space',
  'kind',
  'type',
  'version',
  'major',
  'minor',
  'patch',
]);

/** Samples of the text format: name, labels and value. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (.+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

describe('GET /metrics with METRICS_TOKEN set', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock, env: { METRICS_TOKEN: TOKEN } });
  let customer: Awaited<ReturnType<typeof createUser>>['user'];
  let booked: { id: string; orderId: string };

  beforeAll(async () => {
    ({ user: customer } = await createUser(t.db, { email: 'metrics.person@clinic.test' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: await t.bearer(customer),
      payload: validDeliveryForm(),
    });
    expect(res.statusCode).toBe(201);
    booked = { id: res.json().data._id, orderId: res.json().data.orderId };
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a scrape without the token, or with another one, with 401', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
    expect(none.body).not.toContain('courier_');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const basic = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('exports the operator metrics by name', async () => {
    const text = await scrape();
    // Counters show their samples once something is counted; their type line is always there.
    for (const name of [
      'courier_http_request_duration_seconds',
      'courier_bookings_total',
      'courier_delivery_moves_total',
      'courier_messages_sent_total',
      'courier_job_last_success_timestamp_seconds',
      'courier_backup_last_success_timestamp_seconds',
    ]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    for (const name of [
      'courier_deliveries_on_hold',
      'courier_queue_depth',
      'courier_queue_oldest_age_seconds',
      'courier_db_pool_max',
      'courier_store_up',
      'courier_live_streams_open',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
    }
    // The pool figures PGlite cannot give are left out rather than invented.
    if (t.database.kind === 'postgres') {
      expect(text).toMatch(/^courier_db_pool_connections\{pool="primary",state="in_use"\} \d+/m);
      expect(text).toMatch(/^courier_db_pool_waiting\{pool="primary"\} \d+/m);
    } else {
      expect(text).not.toMatch(/^courier_db_pool_(connections|waiting)/m);
      expect(text).toMatch(/^courier_db_pool_max\{pool="primary"\} 1$/m);
    }
    expect(text).toMatch(/^courier_store_up\{store="database"\} 1$/m);
  });

  it('counts the booking by kind and times requests by route template, never by URL', async () => {
    await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/track/${booked.orderId}` });
    await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${booked.id}`, headers: await t.bearer(customer) });
    await t.app.inject({ method: 'GET', url: `/api/v1/no-such/${encodeURIComponent(customer.email)}?email=${customer.email}` });
    const all = samples(await scrape());
    expect(all.find((s) => s.name === 'courier_bookings_total')).toMatchObject({
      labels: { delivery_type: 'EXPRESS', package_type: 'MEDICATION' },
      value: 1,
    });
    const routes = new Set(all.filter((s) => s.name === 'courier_http_request_duration_seconds_count').map((s) => s.labels.route));
    expect(routes).toContain('/api/v1/deliveries/track/:trackingNumber');
    expect(routes).toContain('/api/v1/deliveries');
    expect(routes).toContain('unmatched');
    const tracked = all.find(
      (s) => s.name === 'courier_http_request_duration_seconds_count' && s.labels.route === '/api/v1/deliveries/track/:trackingNumber',
    );
    expect(tracked).toMatchObject({ labels: { method: 'GET', status_code: '200' }, value: 1 });
  });

  it('carries no id, tracking number or e-mail in any label, and only label names from its list', async () => {
    const text = await scrape();
    for (const secret of [booked.id, booked.orderId, customer.id, customer.email, 'jordan.lee@example.test', 'Jordan Lee']) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    for (const s of samples(text)) {
      for (const [name, value] of Object.entries(s.labels)) {
        expect(ALLOWED_LABELS.has(name), `${s.name} label ${name}`).toBe(true);
        expect(value).not.toMatch(/@|[0-9a-f]{8}-[0-9a-f]{4}/i);
      }
    }
  });

  it('reports a waiting message with its age, then its send and the outbox run', async () => {
    await enqueueEmail(t.db, { to: 'someone@clinic.test', subject: 'Hello', text: 'Hi' }, new Date(clock.now().getTime() - 90_000));
    const before = await scrape();
    expect(before).toMatch(/^courier_queue_depth\{queue="email"\} [1-9]/m);
    const age = samples(before).find((s) => s.name === 'courier_queue_oldest_age_seconds' && s.labels.queue === 'email');
    expect(age?.value).toBeGreaterThanOrEqual(90);
    await t.sentEmails();
    const after = await scrape();
    expect(after).toMatch(/^courier_queue_depth\{queue="email"\} 0$/m);
    expect(after).toMatch(/^courier_queue_oldest_age_seconds\{queue="email"\} 0$/m);
    expect(after).toMatch(/^courier_messages_sent_total\{queue="email",result="sent"\} [1-9]/m);
    expect(after).toMatch(/^courier_job_last_success_timestamp_seconds\{job="outbox"\} \d+/m);
    expect(after).toMatch(/^courier_job_last_success_timestamp_seconds\{job="webhooks"\} \d+/m);
  });

  it('counts a status move by the statuses it joins', async () => {
    const { user: staff } = await createUser(t.db, { role: 'STAFF', email: 'staff.metrics@crew.test' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${booked.id}/approve`,
      headers: await t.bearer(staff),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(await scrape()).toMatch(/^courier_delivery_moves_total\{from="pending",to="approved"\} 1$/m);
  });

  it('records a background job success only when its run ends without error', async () => {
    const log = t.app.log;
    let fail = true;
    const task = createPeriodicTask({
      log,
      failure: 'test job failed',
      intervalMs: 60_000,
      onSuccess: () => t.app.services.metrics.jobSucceeded('late_sweep'),
      run: async () => {
        if (fail) throw new Error('no');
      },
    });
    await expect(task.run()).rejects.toThrow('no');
    expect(await scrape()).not.toMatch(/job="late_sweep"/);
    fail = false;
    await task.run();
    expect(await scrape()).toMatch(/^courier_job_last_success_timestamp_seconds\{job="late_sweep"\} \d+/m);
  });

  it('serves the same text on a port of its own (METRICS_PORT), with nothing else there', async () => {
    const server = await listenForMetrics(t.app, 0, '127.0.0.1');
    try {
      const { port } = server.address() as AddressInfo;
      const get = (path: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
            let body = '';
            res.on('data', (c) => {
              body += c;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          })
            .on('error', reject)
            .end();
        });
      const metrics = await get('/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.body).toMatch(/^courier_queue_depth\{queue="email"\}/m);
      expect((await get('/api/v1/config')).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('answers 404 like an unknown route, even with a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
    expect(t.app.prometheus).toBeNull();
    expect(t.app.services.metrics.enabled).toBe(false);
  });
});
