import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from './webhook-url.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What of an endpoint's answer the log keeps. */
const MAX_ERROR_CHARS = 300;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Production refuses private and loopback addresses at connection time too (a name can change what it resolves to). */
  production: boolean;
  timeoutMs?: number;
}

export interface WebhookAnswer {
  statusCode: number | null;
  durationMs: number;
  /** 2xx only; a redirect is not followed and counts as a failure. */
  succeeded: boolean;
  error: string | null;
}

/** Resolves like dns.lookup, but refuses a name that resolves to a non-public address (checked on the address connected to). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as LookupAddress[];
    const refused = list.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new Error(`refused: ${hostname} resolves to a private or loopback address`), '', 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

/** One POST to a customer's endpoint: 10 s at most, redirects not followed, the answer's body not read beyond a little. */
export function sendWebhook(req: WebhookRequest): Promise<WebhookAnswer> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      resolve({ statusCode: null, durationMs: 0, succeeded: false, error: 'invalid URL' });
      return;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (req.production && (url.protocol !== 'https:' || (ipaddr.isValid(host) && !isPublicAddress(host)))) {
      resolve({ statusCode: null, durationMs: 0, succeeded: false, error: 'refused: not a public https address' });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...req.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(req.body) },
        timeout: req.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        ...(req.production ? { lookup: publicOnlyLookup } : {}),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < MAX_ERROR_CHARS) text += chunk;
        });
        res.on('end', () => {
          const statusCode = res.statusCode ?? null;
          const succeeded = statusCode !== null && statusCode >= 200 && statusCode < 300;
          resolve({
            statusCode,
            durationMs: took(),
            succeeded,
            error: succeeded ? null : `HTTP ${statusCode}${text ? `: ${text.slice(0, MAX_ERROR_CHARS)}` : ''}`,
          });
        });
        res.on('error', (err) => resolve({ statusCode: res.statusCode ?? null, durationMs: took(), succeeded: false, error: err.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timed out after ${(req.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`)));
    request.on('error', (err) =>
      resolve({ statusCode: null, durationMs: took(), succeeded: false, error: err.message.slice(0, MAX_ERROR_CHARS) }),
    );
    request.end(req.body);
  });
}
