import { z } from 'zod';
import { safeText } from './text.js';

/** A customer's own systems: API keys (/api/v1/api-keys) and signed webhooks (/api/v1/webhooks). */

export const API_KEY_SCOPES = ['deliveries:read', 'deliveries:write', 'webhooks:manage', 'readings:write', 'fhir'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Every key's secret starts with this; the rest is at least 32 random characters. */
export const API_KEY_PREFIX = 'mck_';
/** A customer's keys at most: more is a leak waiting to happen, not an integration. */
export const API_KEY_CAP = 20;
export const missingScopeMessage = (scope: string) => `This API key lacks the scope ${scope}`;

const isoDate = z.iso.datetime();

export const ZCreateApiKeyRequest = z.object({
  name: safeText('Name').trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Scopes must be among ${API_KEY_SCOPES.join(', ')}` }))
    .min(1, 'Choose at least one scope')
    .transform((s) => [...new Set(s)]),
  /** Optional; the key stops working at that moment. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }).optional(),
});
export type TCreateApiKeyRequest = z.input<typeof ZCreateApiKeyRequest>;

export const ZApiKey = z.object({
  _id: z.string(),
  name: z.string(),
  /** The secret's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  expiresAt: isoDate.nullable(),
  lastUsedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeysResponse = z.object({ success: z.literal(true), data: z.array(ZApiKey) });
export type TApiKeysResponse = z.infer<typeof ZApiKeysResponse>;
/** The only answer that holds the secret: it is not stored and cannot be shown again. */
export const ZCreateApiKeyResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZApiKey.extend({ secret: z.string() }),
});
export type TCreateApiKeyResponse = z.infer<typeof ZCreateApiKeyResponse>;
export const ZRevokeApiKeyResponse = z.object({ success: z.literal(true), message: z.string() });

export const WEBHOOK_EVENT_TYPES = [
  'delivery.created',
  'delivery.status_changed',
  'delivery.delivered',
  'delivery.exception',
  'delivery.receipt',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_ENDPOINT_CAP = 10;

const ZWebhookUrl = safeText('URL')
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'URL must be at most 2000 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'URL must be an http(s) address' }));
const ZEventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Event types must be among ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, 'Choose at least one event type')
  .transform((s) => [...new Set(s)]);
const ZDescription = safeText('Description').trim().max(200, 'Description must be at most 200 characters');

export const ZCreateWebhookRequest = z.object({
  url: ZWebhookUrl,
  eventTypes: ZEventTypes,
  description: ZDescription.optional().default(''),
});
export type TCreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;
/** Re-enabling (`enabled: true`) an endpoint that was disabled after failing starts its count afresh. */
export const ZUpdateWebhookRequest = z.object({
  url: ZWebhookUrl.optional(),
  eventTypes: ZEventTypes.optional(),
  description: ZDescription.optional(),
  enabled: z.boolean().optional(),
});
export type TUpdateWebhookRequest = z.input<typeof ZUpdateWebhookRequest>;

export const ZWebhookEndpoint = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: isoDate.nullable(),
  createdAt: isoDate,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;
export const ZWebhooksResponse = z.object({ success: z.literal(true), data: z.array(ZWebhookEndpoint) });
export const ZWebhookResponse = z.object({ success: z.literal(true), data: ZWebhookEndpoint });
export const ZCreateWebhookResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** `secret` (whsec_ and base64) is shown here only: verify the webhook-signature header with it. */
  data: ZWebhookEndpoint.extend({ secret: z.string() }),
});
export type TCreateWebhookResponse = z.infer<typeof ZCreateWebhookResponse>;
export const ZDeleteWebhookResponse = z.object({ success: z.literal(true), message: z.string() });

/** One line of an endpoint's delivery log: one attempt to send one message. */
export const ZWebhookAttempt = z.object({
  _id: z.string(),
  /** The webhook-id header: the same on every attempt of one message. */
  messageId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  succeeded: z.boolean(),
  error: z.string().nullable(),
  createdAt: isoDate,
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;
export const ZWebhookLogResponse = z.object({ success: z.literal(true), data: z.array(ZWebhookAttempt) });
export type TWebhookLogResponse = z.infer<typeof ZWebhookLogResponse>;
export const ZResendWebhookResponse = z.object({ success: z.literal(true), message: z.string() });

/** The body of every webhook: ids, status, times and links; never the contents or the recipient's details. */
export const ZWebhookEvent = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  timestamp: isoDate,
  data: z.object({
    id: z.string(),
    trackingNumber: z.string(),
    status: z.string(),
    previousStatus: z.string().nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
    requiredBy: isoDate.nullable(),
    estimatedDelivery: isoDate.nullable(),
    links: z.object({ self: z.string(), tracking: z.string() }),
  }),
});
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

/** `/v1/webhooks/:id/attempts/:attemptId`. */
export const ZWebhookAttemptParams = z.object({ id: safeText('Id').max(64), attemptId: safeText('Attempt id').max(64) });
