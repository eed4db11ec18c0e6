import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsProvider } from '../modules/messages/messages-test-kit.js';
import { createSmsSender } from './sms.js';

describe('the SMS provider adapters, against a provider faked at its HTTP boundary', () => {
  const log = pino({ level: 'silent' });
  let provider: Awaited<ReturnType<typeof startFakeSmsProvider>>;
  beforeAll(async () => {
    provider = await startFakeSmsProvider();
  });
  afterAll(() => provider.close());

  it("posts Twilio's form to the account's Messages resource with basic auth", async () => {
    const sid = `AC${'1'.repeat(32)}`;
    const sender = createSmsSender({
      log,
      twilio: { accountSid: sid, authToken: 'secret-token-123456', from: '+16175550142', apiUrl: provider.url },
    });
    expect(sender.kind).toBe('twilio');
    await sender.send('+16175550100', 'Hello & bye');
    expect(provider.received.at(-1)).toEqual({
      to: '+16175550100',
      from: '+16175550142',
      text: 'Hello & bye',
      path: `/2010-04-01/Accounts/${sid}/Messages.json`,
      auth: `Basic ${Buffer.from(`${sid}:secret-token-123456`).toString('base64')}`,
    });
  });

  it('posts {to, text} as JSON to the generic endpoint, and fails on an error status', async () => {
    const sender = createSmsSender({ log, providerUrl: `${provider.url}/send` });
    expect(sender.kind).toBe('json');
    await sender.send('+16175550100', 'Hi');
    expect(provider.received.at(-1)).toEqual({ to: '+16175550100', text: 'Hi', path: '/send' });
    provider.state.down = true;
    await expect(sender.send('+16175550100', 'Hi')).rejects.toThrow('SMS provider answered 503');
    provider.state.down = false;
  });

  it('prefers Twilio when both are configured, and only logs with neither', async () => {
    const twilio = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'secret-token-123456', from: '+16175550142', apiUrl: provider.url };
    expect(createSmsSender({ log, providerUrl: provider.url, twilio }).kind).toBe('twilio');
    const before = provider.received.length;
    const logged = createSmsSender({ log });
    await logged.send('+16175550100', 'Hi');
    expect(logged.kind).toBe('log');
    expect(provider.received).toHaveLength(before);
  });
});
