import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { isInNetworks } from '../../platform/allowed-networks.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sendWebhook } from './send-webhook.js';

const ALLOWED = ['10.20.0.0/16', '127.0.0.0/8', 'fd12:3456::/32'];
const REFUSED = 'URL must not point at a private, loopback or reserved address';

describe('OUTBOUND_ALLOWED_NETWORKS', () => {
  it('takes an address inside a listed network, and its IPv4-mapped IPv6 forms alike; nothing outside', () => {
    for (const inside of ['10.20.0.1', '10.20.255.254', '::ffff:10.20.1.5', '::ffff:a14:105', '127.0.0.1', 'fd12:3456::9'])
      expect(isInNetworks(inside, ALLOWED), inside).toBe(true);
    for (const outside of ['10.21.0.1', '::ffff:10.21.0.1', '::ffff:a15:1', '192.168.1.1', '::1', 'fd12:3457::1', 'not-an-ip'])
      expect(isInNetworks(outside, ALLOWED), outside).toBe(false);
    // A network written in its IPv4-mapped IPv6 form is the IPv4 network it carries.
    expect(isInNetworks('10.20.3.4', ['::ffff:10.20.0.0/112'])).toBe(true);
    expect(isInNetworks('10.21.3.4', ['::ffff:10.20.0.0/112'])).toBe(false);
    expect(isInNetworks('10.20.3.4', [])).toBe(false);
  });

  describe('in production, with 10.20.0.0/16, 127.0.0.0/8 and fd12:3456::/32 allowed', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { NODE_ENV: 'production', OUTBOUND_ALLOWED_NETWORKS: ALLOWED.join(',') } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('creates an endpoint inside an allowed network and refuses every other private address, as before', async () => {
      const { user } = await createUser(t.db);
      const auth = await t.bearer(user);
      const create = (url: string) =>
        t.app.inject({ method: 'POST', url: '/api/v1/webhooks', headers: auth, payload: { url, eventTypes: ['delivery.created'] } });
      for (const url of [
        'https://10.20.4.5/hooks',
        'https://127.0.0.1:8443/hooks',
        'https://[::ffff:10.20.1.5]/hooks',
        'https://[fd12:3456::9]/hooks',
      ])
        expect((await create(url)).statusCode, url).toBe(201);
      for (const url of [
        'https://10.21.0.1/hooks',
        'https://[::ffff:10.21.0.1]/hooks',
        'https://192.168.1.10/hooks',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hooks',
      ]) {
        const res = await create(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ field: 'url', message: `url: ${REFUSED}` });
      }
      // Still https only in production, inside an allowed network too.
      expect((await create('http://10.20.4.5/hooks')).json()).toMatchObject({ message: 'url: URL must use https' });
    });

    it('lets a send through to an allowed address (the connection itself is tried) and refuses one outside', async () => {
      const send = (url: string, allowedNetworks?: string[]) =>
        sendWebhook({ url, headers: {}, body: '{}', production: true, allowedNetworks, deadlineMs: 2_000 });
      for (const url of ['https://127.0.0.1:9/hooks', 'https://[::ffff:127.0.0.1]:9/hooks']) {
        const answer = await send(url, ALLOWED);
        expect(answer.succeeded, url).toBe(false);
        expect(answer.error, url).not.toMatch(/^refused/);
      }
      expect((await send('https://127.0.0.1:9/hooks')).error).toBe('refused: not a public https address');
      expect((await send('https://10.21.0.1:9/hooks', ALLOWED)).error).toBe('refused: not a public https address');
      expect((await send('https://[::ffff:10.21.0.1]:9/hooks', ALLOWED)).error).toBe('refused: not a public https address');
    });
  });
});
