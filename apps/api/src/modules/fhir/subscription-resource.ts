import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fhirSubscriptions, webhookEndpoints } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { isUuid } from '../../shared/ids.js';
import { FHIR_JSON } from '../fhir-task/fhir-codes.js';
import type { FhirCaller } from './fhir-caller.js';
import { FhirInvalid } from './operation-outcome.js';

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
/** Subscriptions an account may hold (as webhook endpoints a customer may). */
export const FHIR_SUBSCRIPTION_CAP = 10;
const MAX_HEADERS = 10;
/** Headers the channel may not set: ours (signature, content) and the transport's. */
const RESERVED_HEADERS = /^(content-type|content-length|host|connection|transfer-encoding|user-agent|webhook-.*)$/i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Tab and printable ASCII only: what http.request sends as it is (any other control or non-Latin-1 character throws). */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export type SubscriptionRow = typeof fhirSubscriptions.$inferSelect;
export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export const criteriaFor = (accountId: string) => `Task?requester=Organization/${accountId}`;

/** A Subscription as posted or put, checked: only rest-hook, FHIR JSON, Tasks of the caller's own account. */
export interface SubscriptionInput {
  criteria: string;
  reason: string;
  endpoint: string;
  headers: string[];
  headerMap: Record<string, string>;
  requestedStatus: 'active' | 'off';
  end: Date | null;
}

export function subscriptionInputOf(body: unknown, caller: FhirCaller): SubscriptionInput {
  if (!isObject(body) || body.resourceType !== 'Subscription')
    throw new FhirInvalid('The body must be a Subscription resource', 'Subscription.resourceType');
  const criteria = typeof body.criteria === 'string' ? body.criteria.trim() : '';
  const m = criteria.match(/^Task\?requester=Organization\/([0-9a-fA-F-]{36})$/);
  if (!m) throw new FhirInvalid(`criteria must be ${criteriaFor(caller.accountId)}`, 'Subscription.criteria');
  if (m[1].toLowerCase() !== caller.accountId)
    throw new FhirInvalid('A Subscription may follow the Tasks of your own Organization only', 'Subscription.criteria', 403);
  const status = body.status ?? 'requested';
  if (!['requested', 'active', 'off'].includes(status as string))
    throw new FhirInvalid('status must be requested, active or off', 'Subscription.status');
  const channel = body.channel;
  if (!isObject(channel)) throw new FhirInvalid('channel is required', 'Subscription.channel');
  if (channel.type !== 'rest-hook')
    throw new FhirInvalid('Only the rest-hook channel is supported', 'Subscription.channel.type', 422, 'not-supported');
  if (channel.payload !== undefined && channel.payload !== FHIR_JSON && channel.payload !== 'application/json')
    throw new FhirInvalid(`channel.payload must be ${FHIR_JSON}`, 'Subscription.channel.payload', 422, 'not-supported');
  const endpoint = typeof channel.endpoint === 'string' ? channel.endpoint.trim() : '';
  if (!endpoint || endpoint.length > 2000) throw new FhirInvalid('channel.endpoint is required', 'Subscription.channel.endpoint');
  const headers = channel.header === undefined ? [] : channel.header;
  if (!Array.isArray(headers) || headers.length > MAX_HEADERS)
    throw new FhirInvalid(`channel.header is a list of at most ${MAX_HEADERS} "Name: value" strings`, 'Subscription.channel.header');
  const headerMap: Record<string, string> = {};
  headers.forEach((h, i) => {
    const at = `Subscription.channel.header[${i}]`;
    if (typeof h !== 'string') throw new FhirInvalid('A header is a "Name: value" string', at);
    const colon = h.indexOf(':');
    const name = colon > 0 ? h.slice(0, colon).trim() : '';
    const value = colon > 0 ? h.slice(colon + 1).trim() : '';
    if (!HEADER_NAME.test(name) || !value || value.length > 1000 || !HEADER_VALUE.test(value))
      throw new FhirInvalid('A header is a "Name: value" string', at);
    if (RESERVED_HEADERS.test(name)) throw new FhirInvalid(`The header ${name} is set by us`, at);
    headerMap[name.toLowerCase()] = value;
  });
  let end: Date | null = null;
  if (body.end !== undefined) {
    end = typeof body.end === 'string' ? new Date(body.end) : null;
    if (!end || Number.isNaN(end.getTime())) throw new FhirInvalid('end must be an instant', 'Subscription.end');
  }
  const reason = typeof body.reason === 'string' ? body.reason.trim().slice(0, 500) : '';
  return {
    criteria,
    reason,
    endpoint,
    headers: headers as string[],
    headerMap,
    requestedStatus: status === 'off' ? 'off' : 'active',
    end,
  };
}

/** Active while its channel is enabled, error once it was disabled for failing, off when the client set it off. */
export const subscriptionStatus = (sub: SubscriptionRow, endpoint: EndpointRow): 'active' | 'off' | 'error' =>
  sub.requestedStatus === 'off' ? 'off' : endpoint.enabled ? 'active' : 'error';

/** R4 Subscription of our rows. */
export function subscriptionOf(sub: SubscriptionRow, endpoint: EndpointRow) {
  const status = subscriptionStatus(sub, endpoint);
  return {
    resourceType: 'Subscription' as const,
    id: sub.id,
    meta: { lastUpdated: new Date(Math.max(endpoint.updatedAt.getTime(), sub.updatedAt.getTime())).toISOString() },
    status,
    ...(sub.end ? { end: sub.end.toISOString() } : {}),
    reason: sub.reason || 'Task updates',
    criteria: sub.criteria,
    ...(status === 'error' && endpoint.disabledReason ? { error: endpoint.disabledReason } : {}),
    channel: {
      type: 'rest-hook' as const,
      endpoint: endpoint.url,
      payload: FHIR_JSON,
      ...(sub.channelHeaders.length ? { header: sub.channelHeaders } : {}),
    },
  };
}

/** The subscriptions a caller sees: its account's (an owner) or those it made (a member). */
export function subscriptionsOfCaller(caller: Pick<FhirCaller, 'actor' | 'accountId' | 'accountRole'>): SQL {
  const ofAccount = eq(fhirSubscriptions.accountId, caller.accountId);
  return caller.accountRole === 'owner' ? ofAccount : (and(ofAccount, eq(fhirSubscriptions.userId, caller.actor.id)) as SQL);
}

/** The Subscriptions the caller may see (an owner the account's, a member their own), oldest first, with their channels. */
export function subscriptionsWithEndpoints(db: DbOrTx, caller: Pick<FhirCaller, 'actor' | 'accountId' | 'accountRole'>) {
  return db
    .select({ sub: fhirSubscriptions, endpoint: webhookEndpoints })
    .from(fhirSubscriptions)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, fhirSubscriptions.endpointId))
    .where(subscriptionsOfCaller(caller))
    .orderBy(asc(fhirSubscriptions.createdAt), asc(fhirSubscriptions.id));
}

export async function findSubscription(db: DbOrTx, caller: FhirCaller, id: string) {
  if (!isUuid(id)) throw notFound(SUBSCRIPTION_NOT_FOUND);
  const [row] = await db
    .select({ sub: fhirSubscriptions, endpoint: webhookEndpoints })
    .from(fhirSubscriptions)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, fhirSubscriptions.endpointId))
    .where(and(eq(fhirSubscriptions.id, id), subscriptionsOfCaller(caller)))
    .limit(1);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return row;
}
