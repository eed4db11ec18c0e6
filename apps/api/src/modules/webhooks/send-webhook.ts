import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isReachableAddress } from './webhook-url.js';

/** Each attempt's whole time, from connecting to the last byte read: an endpoint that dribbles is cut off too. */
export const WEBHOOK_DEADLINE_MS = 10_000;
/** What of an endpoint's answer is read (and kept in the log); the connection is closed after it. */
export const MAX_ANSWER_CHARS = 300;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** application/json unless given (a FHIR Subscription's notification is application/fhir+json). */
  contentType?: string;
  /** Production refuses private and loopback addresses at connection time too (a name can change what it resolves to). */
  production: boolean;
  /** OUTBOUND_ALLOWED_NETWORKS: private or loopback networks production may reach all the same. */
  allowedNetworks?: readonly string[];
  deadlineMs?: number;
}

export interface WebhookAnswer {
  statusCode: number | null;
  durationMs: number;
  /** 2xx only; a redirect is not followed and counts as a failure. */
  succeeded: boolean;
  error: string | null;
}

/**
 * Resolves like dns.lookup, but refuses a name that resolves to a non-public address outside the allowed networks
 * (checked on the address connected to).
 */
const reachableOnlyLookup =
  (allowed: readonly string[]): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((a) => !isReachableAddress(a.address, allowed));
      if (refused) return callback(new Error(`refused: ${hostname} resolves to a private or loopback address`), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };

const succeededWith = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

/**
 * One POST to a customer's endpoint: within its deadline (connection to last byte, 10 s by default), redirects not
 * followed, a 2xx taken as soon as its status line arrives, and of any other answer at most 300 characters read.
 */
export function sendWebhook(req: WebhookRequest): Promise<WebhookAnswer> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const deadlineMs = req.deadlineMs ?? WEBHOOK_DEADLINE_MS;
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      resolve({ statusCode: null, durationMs: 0, succeeded: false, error: 'invalid URL' });
      return;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const allowed = req.allowedNetworks ?? [];
    if (req.production && (url.protocol !== 'https:' || (ipaddr.isValid(host) && !isReachableAddress(host, allowed)))) {
      resolve({ statusCode: null, durationMs: 0, succeeded: false, error: 'refused: not a public https address' });
      return;
    }
    let settled = false;
    let statusCode: number | null = null;
    let text = '';
    // Answers once, then closes the connection: nothing more is read from the endpoint.
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve({ statusCode, durationMs: took(), succeeded: error === null, error });
    };
    const failedAnswer = () => `HTTP ${statusCode}${text ? `: ${text.slice(0, MAX_ANSWER_CHARS)}` : ''}`;
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...req.headers, 'content-type': req.contentType ?? 'application/json', 'content-length': Buffer.byteLength(req.body) },
        ...(req.production ? { lookup: reachableOnlyLookup(allowed) } : {}),
      },
      (res) => {
        statusCode = res.statusCode ?? null;
        if (succeededWith(statusCode)) return finish(null);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.length >= MAX_ANSWER_CHARS) finish(failedAnswer());
        });
        res.on('end', () => finish(failedAnswer()));
        res.on('error', (err) => finish(err.message.slice(0, MAX_ANSWER_CHARS)));
      },
    );
    const deadline = setTimeout(() => {
      const timedOut = `timed out after ${deadlineMs / 1000} s`;
      finish(statusCode === null ? timedOut : `${timedOut}, ${failedAnswer()}`);
    }, deadlineMs);
    request.on('error', (err) => finish(err.message.slice(0, MAX_ANSWER_CHARS)));
    request.end(req.body);
  });
}
