import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from './twilio-signature.js';

/** Test helpers for messaging (not a test file itself). */

export interface FakeSms {
  to: string;
  text: string;
  from?: string;
  auth?: string;
  path: string;
}

/**
 * The SMS provider faked at its HTTP boundary: a loopback server that speaks Twilio's Messages API
 * (form-encoded To/From/Body) and the generic JSON endpoint ({to, text}); `down` answers 503.
 */
export async function startFakeSmsProvider() {
  const received: FakeSms[] = [];
  // down: 503 (retried later); refuse: Twilio's 400 for a number that cannot take SMS (final).
  const state = { down: false, refuse: false };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      if (state.down) {
        res.writeHead(503).end('{"message":"unavailable"}');
        return;
      }
      if (state.refuse) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end('{"code":21211,"message":"The \'To\' number is not a valid phone number.","status":400}');
        return;
      }
      const path = req.url ?? '';
      if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        const form = new URLSearchParams(raw);
        received.push({
          to: form.get('To') ?? '',
          text: form.get('Body') ?? '',
          from: form.get('From') ?? '',
          auth: req.headers.authorization,
          path,
        });
      } else {
        const body = JSON.parse(raw) as { to: string; text: string };
        received.push({ to: body.to, text: body.text, path });
      }
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM0"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const TWILIO_TEST_ENV = {
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'twilio-test-auth-token-0123456789',
  TWILIO_FROM: '+16175550142',
};

/** A form-encoded inbound SMS as Twilio posts it, signed (or not) for PUBLIC_URL http://courier.test. */
export function inboundSms(params: Record<string, string>, sign: 'right' | 'wrong' | 'none' = 'right') {
  const url = 'http://courier.test/api/v1/sms/inbound';
  const signature =
    sign === 'right' ? twilioSignature(TWILIO_TEST_ENV.TWILIO_AUTH_TOKEN, url, params) : twilioSignature('another-token', url, params);
  return {
    method: 'POST' as const,
    url: '/api/v1/sms/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(sign === 'none' ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  };
}
