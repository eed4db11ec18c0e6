import type { FastifyBaseLogger } from 'fastify';
import { PERMANENT_HTTP_STATUSES, PermanentSendError } from './send-failure.js';

export interface SmsSender {
  kind: 'twilio' | 'json' | 'log';
  send(to: string, text: string): Promise<void>;
}

export interface SmsConfig {
  providerUrl?: string;
  twilio?: { accountSid: string; authToken: string; from: string; apiUrl: string };
  log: FastifyBaseLogger;
}

const TIMEOUT_MS = 10_000;

/**
 * The provider's refusal. A final one (the status says no retry helps) carries the provider's own words
 * (Twilio: "message (code)") for the administrator who must fix the number; a passing one only its status.
 */
async function refusal(provider: string, res: Response): Promise<Error> {
  if (!PERMANENT_HTTP_STATUSES.has(res.status)) return new Error(`${provider} answered ${res.status}`);
  let said = '';
  try {
    const body = (await res.json()) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string') said = `: ${body.message}${body.code ? ` (${String(body.code)})` : ''}`;
  } catch {
    // No JSON body: the status alone says it.
  }
  return new PermanentSendError(`${provider} answered ${res.status}${said}`.slice(0, 400));
}

/** Twilio's Messages API: form-encoded To, From, Body with the account's basic auth. */
function twilioSender(t: NonNullable<SmsConfig['twilio']>): SmsSender {
  const url = `${t.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(t.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${t.accountSid}:${t.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    send: async (to, text) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: t.from, Body: text }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw await refusal('Twilio', res);
    },
  };
}

/** The generic provider: POST {to, text} as JSON. */
function jsonSender(providerUrl: string): SmsSender {
  return {
    kind: 'json',
    send: async (to, text) => {
      const res = await fetch(providerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw await refusal('SMS provider', res);
    },
  };
}

/** Twilio when configured, else the JSON endpoint (SMS_PROVIDER_URL); with neither, messages are logged. */
export function createSmsSender(opts: SmsConfig): SmsSender {
  if (opts.twilio) return twilioSender(opts.twilio);
  if (opts.providerUrl) return jsonSender(opts.providerUrl);
  return {
    kind: 'log',
    send: async (to, text) => {
      opts.log.info({ to, text }, 'SMS kept in the local outbox');
    },
  };
}

/** The Twilio settings when all three are set (env.ts refuses a partial set). */
export const twilioOf = (env: {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_API_URL: string;
}): SmsConfig['twilio'] =>
  env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
    ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiUrl: env.TWILIO_API_URL }
    : undefined;
