import type { FastifyBaseLogger } from 'fastify';

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** Posts {to, text} as JSON to SMS_PROVIDER_URL; without one, the message is logged. */
export function createSmsSender(opts: { providerUrl?: string; log: FastifyBaseLogger }): SmsSender {
  return {
    send: async (to, text) => {
      if (!opts.providerUrl) {
        opts.log.info({ to, text }, 'SMS kept in the local outbox');
        return;
      }
      const res = await fetch(opts.providerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}
