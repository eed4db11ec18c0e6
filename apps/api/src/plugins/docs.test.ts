import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createResponseCheck } from '../test/response-check.js';
import { useTestApp } from '../test/test-app.js';
import { DOCUMENTED_ERRORS } from './docs.js';

type Doc = {
  info: { description: string };
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
};

const answer = (statusCode: number, body: unknown): LightMyRequestResponse =>
  ({
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  }) as unknown as LightMyRequestResponse;

describe('the published contract', () => {
  const t = useTestApp();

  it('documents the error answers of every operation with the one error body', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as Doc;
    expect(Object.keys(doc.components.schemas.ErrorBody.properties).sort()).toEqual(
      ['error', 'errors', 'field', 'message', 'retryAfter', 'success'].sort(),
    );
    const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([m, op]) => ({ path, m, op })),
    );
    expect(operations.length).toBeGreaterThan(60);
    for (const { path, m, op } of operations) {
      for (const status of Object.keys(DOCUMENTED_ERRORS)) {
        expect(op.responses[status], `${m} ${path} ${status}`).toBeDefined();
      }
      if (m === 'post') expect(op.responses['413'], `${m} ${path} 413`).toBeDefined();
    }
    const bad = doc.paths['/api/v1/deliveries'].post.responses['400'].content?.['application/json'].schema;
    expect(bad).toEqual({ $ref: '#/components/schemas/ErrorBody' });
  });

  it('documents a success (2xx or 3xx) and at least one error (4xx) answer for every operation', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as Doc;
    const missing: string[] = [];
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(byMethod)) {
        const statuses = Object.keys(op.responses ?? {});
        if (!statuses.some((s) => /^[23]/.test(s))) missing.push(`${m.toUpperCase()} ${path}: no success answer`);
        if (!statuses.some((s) => /^4/.test(s))) missing.push(`${m.toUpperCase()} ${path}: no error answer`);
      }
    }
    expect(missing).toEqual([]);
    // The live streams answer server-sent events, not JSON.
    for (const path of ['/api/v1/events', '/api/v1/deliveries/track/{trackingNumber}/events']) {
      expect(Object.keys(doc.paths[path].get.responses['200'].content ?? {}), path).toEqual(['text/event-stream']);
    }
  });

  it('lists null in the enum of a nullable field, so the driver job\u2019s nextStatus null is documented', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as Doc;
    const job = doc.paths['/api/v1/driver/deliveries/{id}/pod'].post.responses['200'].content?.['application/json'].schema as {
      properties: { data: { properties: { nextStatus: { enum: unknown[] } } } };
    };
    expect(job.properties.data.properties.nextStatus.enum).toContain(null);
  });

  it('shows how to authenticate with an API key, with curl', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as Doc;
    expect(doc.info.description).toContain('Authorization: Bearer $MEDCOURIER_KEY');
    expect(doc.info.description).toMatch(/curl -X POST https:\/\/medcourier\.example\/api\/v1\/deliveries/);
  });

  it('fails an answer whose status or body drifts from the document', () => {
    const check = createResponseCheck(t.app);
    const pod = { method: 'POST' as const, url: '/api/v1/driver/deliveries/abc/pod' };
    // An error body in the one shape passes; an undocumented status and a body off the document fail.
    expect(() => check(pod, answer(404, { success: false, message: 'Delivery not found', error: 'NOT_FOUND' }))).not.toThrow();
    expect(() => check(pod, answer(404, { success: false, message: 'Delivery not found', error: 'NOPE' }))).toThrow(/error/);
    expect(() => check(pod, answer(418, { success: false, message: 'teapot', error: 'BAD_REQUEST' }))).toThrow(/does not list/);
    expect(() => check({ method: 'GET', url: '/api/v1/deliveries/my-deliveries?page=1' }, answer(200, { deliveries: 'x' }))).toThrow(
      /does not match/,
    );
    // Paths the document does not hold are not its business.
    expect(() => check({ method: 'GET', url: '/somewhere/else' }, answer(200, { any: 1 }))).not.toThrow();
  });
});
