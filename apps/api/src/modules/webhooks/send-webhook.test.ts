import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWER_CHARS, sendWebhook, WEBHOOK_DEADLINE_MS } from './send-webhook.js';

/**
 * A customer's endpoint on this machine: /moved redirects, /slow never answers in time, /dribble sends its headers
 * and then a byte every 100 ms, /dribble-status sends even its status line a byte at a time, /endless answers an
 * error with a body that never ends, /ok-dribble answers 200 and then dribbles; anything else is 204.
 */
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
      const every = (ms: number, write: () => void) => {
        const timer = setInterval(write, ms);
        res.on('close', () => clearInterval(timer));
        req.socket.on('close', () => clearInterval(timer));
      };
      if (req.url === '/dribble' || req.url === '/ok-dribble') {
        res.writeHead(req.url === '/dribble' ? 503 : 200, { 'content-type': 'text/plain' });
        res.flushHeaders();
        every(100, () => res.write('.'));
        return;
      }
      if (req.url === '/dribble-status') {
        const statusLine = 'HTTP/1.1 200 OK\r\n'.repeat(50);
        let i = 0;
        every(100, () => req.socket.write(statusLine[i++ % statusLine.length]));
        return;
      }
      if (req.url === '/endless') {
        res.writeHead(500, { 'content-type': 'text/plain' });
        every(5, () => res.write('x'.repeat(1024)));
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
    expect(WEBHOOK_DEADLINE_MS).toBe(10_000);
    const answer = await sendWebhook({ url: `${base}/slow`, headers: {}, body: '{}', production: false, deadlineMs: 300 });
    expect(answer).toMatchObject({ statusCode: null, succeeded: false });
    expect(answer.error).toMatch(/timed out/);
  });

  it('cuts off an endpoint that keeps sending a byte at a time: the deadline runs from connection to last byte', async () => {
    for (const path of ['/dribble', '/dribble-status']) {
      const started = Date.now();
      const answer = await sendWebhook({ url: `${base}${path}`, headers: {}, body: '{}', production: false, deadlineMs: 600 });
      expect(Date.now() - started, path).toBeLessThan(1_500);
      expect(answer, path).toMatchObject({ succeeded: false });
      expect(answer.error, path).toMatch(/^timed out after 0.6 s/);
    }
  });

  it('reads at most 300 characters of an answer and closes the connection, however much the endpoint sends', async () => {
    const started = Date.now();
    const answer = await sendWebhook({ url: `${base}/endless`, headers: {}, body: '{}', production: false, deadlineMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(answer).toMatchObject({ statusCode: 500, succeeded: false, error: `HTTP 500: ${'x'.repeat(MAX_ANSWER_CHARS)}` });
  });

  it('takes a 2xx at its status line, without waiting for a body that dribbles', async () => {
    const started = Date.now();
    const answer = await sendWebhook({ url: `${base}/ok-dribble`, headers: {}, body: '{}', production: false, deadlineMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(answer).toMatchObject({ statusCode: 200, succeeded: true, error: null });
  });
});
