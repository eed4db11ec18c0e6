import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook, WEBHOOK_TIMEOUT_MS } from './send-webhook.js';

/** A customer's endpoint on this machine: /moved redirects, /slow never answers in time, anything else is 204. */
describe('sending one webhook', () => {
  const hits: string[] = [];
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/elsewhere' }).end();
        return;
      }
      if (req.url === '/slow') {
        setTimeout(() => res.writeHead(204).end(), 2_000);
        return;
      }
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('does not follow a redirect: the 302 is logged as a failure and the new location is never called', async () => {
    const answer = await sendWebhook({ url: `${base}/moved`, headers: {}, body: '{}', production: false });
    expect(answer).toMatchObject({ statusCode: 302, succeeded: false });
    expect(hits).not.toContain('/elsewhere');
    expect(await sendWebhook({ url: `${base}/ok`, headers: {}, body: '{}', production: false })).toMatchObject({
      statusCode: 204,
      succeeded: true,
    });
  });

  it('gives up on an endpoint that does not answer within its time (10 s by default)', async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    const answer = await sendWebhook({ url: `${base}/slow`, headers: {}, body: '{}', production: false, timeoutMs: 300 });
    expect(answer).toMatchObject({ statusCode: null, succeeded: false });
    expect(answer.error).toMatch(/timed out/);
  });
});
