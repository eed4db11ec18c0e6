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

/**
 * FHIR clients (SMART Backend Services): a lab's system registers its public keys (a JWKS) and signs a JWT
 * assertion with the private half to get a short-lived bearer token at /fhir/r4/auth/token.
 */
export const FHIR_CLIENT_CAP = 20;
/** The algorithms an assertion may be signed with (SMART Backend Services requires these two). */
export const SMART_ASSERTION_ALGORITHMS = ['RS384', 'ES384'] as const;
/** The scopes a FHIR client may be granted (SMART v2 syntax; v1 `.read`/`.write` asks are answered in these). */
export const SMART_SCOPES = ['system/Task.rs', 'system/Task.c', 'system/Subscription.crud'] as const;
/** Every SMART access token starts with this (an opaque random token, stored as a hash), unlike API keys and session JWTs. */
export const SMART_TOKEN_PREFIX = 'mcf_';
export const SMART_TOKEN_TTL_S = 300;

/** Members a private or a symmetric key carries: a JWKS we store holds public keys only. */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;
/** The public key's numbers (RSA n and e, EC x and y): base64url. */
const PUBLIC_KEY_MEMBERS = ['n', 'e', 'x', 'y'] as const;
/** What is kept of each key: what verifying needs, nothing else (a certificate chain, a comment). */
export const STORED_JWK_MEMBERS = ['kty', 'kid', 'alg', 'use', 'key_ops', 'crv', ...PUBLIC_KEY_MEMBERS] as const;

/** A public key that can check RS384 (an RSA key) or ES384 (an EC key on P-384) signatures. */
export function jwkSignsWith(key: Record<string, unknown>): (typeof SMART_ASSERTION_ALGORITHMS)[number] | null {
  if (key.use !== undefined && key.use !== 'sig') return null;
  if (Array.isArray(key.key_ops) && !key.key_ops.includes('verify')) return null;
  if (key.kty === 'RSA' && typeof key.n === 'string' && typeof key.e === 'string' && (key.alg === undefined || key.alg === 'RS384'))
    return 'RS384';
  if (
    key.kty === 'EC' &&
    key.crv === 'P-384' &&
    typeof key.x === 'string' &&
    typeof key.y === 'string' &&
    (key.alg === undefined || key.alg === 'ES384')
  )
    return 'ES384';
  return null;
}

const ZJwk = z
  .object({
    kty: z.string({ error: 'Each key needs a kty' }),
    kid: z
      .string({ error: 'Each key needs a kid (the assertion names its key by it)' })
      .min(1, 'kid must not be empty')
      .max(200, 'kid must be at most 200 characters')
      .regex(/^[\x21-\x7e]+$/, 'kid must be printable ASCII without spaces'),
  })
  .loose()
  .superRefine((key, ctx) => {
    for (const member of PRIVATE_JWK_MEMBERS) {
      if (member in key)
        ctx.addIssue({ code: 'custom', path: [member], message: 'Only public keys: a JWKS must hold no private key material' });
    }
    for (const member of PUBLIC_KEY_MEMBERS) {
      const value = key[member];
      if (value !== undefined && (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,2000}$/.test(value)))
        ctx.addIssue({ code: 'custom', path: [member], message: `${member} must be base64url` });
    }
  });

/** The client's public keys: at least one RS384- or ES384-capable key, each with a unique kid, nothing private. */
export const ZJwks = z
  .object(
    {
      keys: z
        .array(ZJwk, { error: 'keys must be a list of keys' })
        .min(1, 'keys must hold at least one key')
        .max(10, 'keys must hold at most 10 keys'),
    },
    { error: 'A JWKS must be an object with keys' },
  )
  .loose()
  .superRefine((jwks, ctx) => {
    const kids = new Set<string>();
    jwks.keys.forEach((key, i) => {
      if (kids.has(key.kid)) ctx.addIssue({ code: 'custom', path: ['keys', i, 'kid'], message: 'Each kid must be unique' });
      kids.add(key.kid);
    });
    if (!jwks.keys.some((key) => jwkSignsWith(key) !== null))
      ctx.addIssue({
        code: 'custom',
        path: ['keys'],
        message: 'keys must hold an RSA key (RS384) or a P-384 EC key (ES384) for signatures',
      });
  });
export type TJwks = z.infer<typeof ZJwks>;

export const ZCreateFhirClientRequest = z.object({
  name: safeText('Name').trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  jwks: ZJwks,
});
export type TCreateFhirClientRequest = z.input<typeof ZCreateFhirClientRequest>;

export const ZFhirClient = z.object({
  _id: z.string(),
  /** The OAuth client_id: the `iss` and `sub` of the client's assertions. */
  clientId: z.string(),
  name: z.string(),
  /** The registered keys' ids and the algorithm each verifies. */
  keys: z.array(z.object({ kid: z.string(), alg: z.enum(SMART_ASSERTION_ALGORITHMS).nullable() })),
  /** Where the client posts its assertion (also the assertion's `aud`). */
  tokenUrl: z.string(),
  /** The last token issued to it. */
  lastUsedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type TFhirClient = z.infer<typeof ZFhirClient>;
export const ZFhirClientsResponse = z.object({ success: z.literal(true), data: z.array(ZFhirClient) });
export type TFhirClientsResponse = z.infer<typeof ZFhirClientsResponse>;
export const ZCreateFhirClientResponse = z.object({ success: z.literal(true), message: z.string(), data: ZFhirClient });
export type TCreateFhirClientResponse = z.infer<typeof ZCreateFhirClientResponse>;
export const ZDeleteFhirClientResponse = z.object({ success: z.literal(true), message: z.string() });

/**
 * A FHIR Subscription as the integrations page shows it (the lab's system makes and changes it over FHIR): active
 * while its endpoint takes notifications, off when the system set it off, error once failures disabled it.
 */
export const FHIR_SUBSCRIPTION_STATUSES = ['active', 'off', 'error'] as const;
export const ZFhirSubscriptionSummary = z.object({
  _id: z.string(),
  criteria: z.string(),
  /** channel.endpoint: where the Task notifications go. */
  endpoint: z.string(),
  status: z.enum(FHIR_SUBSCRIPTION_STATUSES),
  /** Why it was disabled, when status is error. */
  error: z.string().nullable(),
  end: isoDate.nullable(),
  createdAt: isoDate,
});
export type TFhirSubscriptionSummary = z.infer<typeof ZFhirSubscriptionSummary>;
export const ZFhirSubscriptionsResponse = z.object({ success: z.literal(true), data: z.array(ZFhirSubscriptionSummary) });
export type TFhirSubscriptionsResponse = z.infer<typeof ZFhirSubscriptionsResponse>;
/** One attempt to send a Task notification: a webhook attempt of the one event type, `fhir.task`. */
export const ZFhirNotificationAttempt = ZWebhookAttempt.omit({ eventType: true });
export type TFhirNotificationAttempt = z.infer<typeof ZFhirNotificationAttempt>;
export const ZFhirSubscriptionLogResponse = z.object({ success: z.literal(true), data: z.array(ZFhirNotificationAttempt) });
export type TFhirSubscriptionLogResponse = z.infer<typeof ZFhirSubscriptionLogResponse>;

/** The token endpoint's answers (RFC 6749 shapes, not our error body). */
export const ZSmartTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TSmartTokenResponse = z.infer<typeof ZSmartTokenResponse>;
export const SMART_TOKEN_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'invalid_scope',
  'unsupported_grant_type',
] as const;
export const ZSmartTokenError = z.object({ error: z.enum(SMART_TOKEN_ERRORS), error_description: z.string() });
export type TSmartTokenError = z.infer<typeof ZSmartTokenError>;

/**
 * HL7 v2 senders (/api/v1/integrations/hl7-senders): an account's interface engine that sends laboratory orders
 * (ORM^O01, OML^O21) over MLLP. Its sending facility (MSH-4) is unique across accounts; it connects only from its
 * allowed addresses (IPs or CIDRs). Orders are booked between its default pickup and recipient saved addresses.
 */
export const HL7_OUTBOUND_EVENTS = ['pickup', 'delivery', 'receipt'] as const;
export type THl7OutboundEvent = (typeof HL7_OUTBOUND_EVENTS)[number];
export const HL7_SENDER_CAP = 10;
export const HL7_MESSAGES = {
  facilityTaken: 'This sending facility is already registered',
  addressInvalid: 'Each allowed address must be an IP address or a network in CIDR form (e.g. 10.20.0.0/16)',
  savedAddressUnknown: 'Choose one of your saved addresses',
  addressTooBroad: "An allowed network must be at most /16 wide for IPv4 and /48 for IPv6 (name the engine's own addresses)",
} as const;

const ZAllowedAddress = safeText('Allowed address').trim().min(1, 'Allowed address is required').max(64, HL7_MESSAGES.addressInvalid);

export const ZCreateHl7SenderRequest = z.object({
  sendingFacility: safeText('Sending facility')
    .trim()
    .min(1, 'Sending facility is required')
    .max(180, 'Sending facility must be at most 180 characters')
    .refine((v) => !/[|^~\\&]/.test(v), 'Sending facility must not contain HL7 delimiters (| ^ ~ \\ &)'),
  allowedAddresses: z.array(ZAllowedAddress).min(1, 'Give at least one allowed address').max(20, 'At most 20 allowed addresses'),
  /** A saved pickup address of the account owner: where orders are collected unless the message says otherwise. */
  pickupAddressId: safeText('Pickup address').min(1, 'Pickup address is required').max(64),
  /** A saved recipient address: where orders go (the lab), with its contact name, phone and e-mail. */
  recipientAddressId: safeText('Recipient address').min(1, 'Recipient address is required').max(64),
  outbound: z
    .object({
      host: safeText('Outbound host')
        .trim()
        .min(1, 'Outbound host is required')
        .max(253, 'Outbound host must be at most 253 characters')
        .regex(/^[A-Za-z0-9.:-]+$/, 'Outbound host must be a host name or IP address'),
      port: z.coerce
        .number({ error: 'Outbound port must be a number' })
        .int('Outbound port must be a whole number')
        .min(1, 'Outbound port must be from 1 to 65535')
        .max(65535, 'Outbound port must be from 1 to 65535'),
      events: z
        .array(z.enum(HL7_OUTBOUND_EVENTS, { error: `Events must be among ${HL7_OUTBOUND_EVENTS.join(', ')}` }))
        .min(1, 'Choose at least one event')
        .transform((s) => [...new Set(s)])
        .optional(),
    })
    .optional(),
});
export type TCreateHl7SenderRequest = z.input<typeof ZCreateHl7SenderRequest>;

export const ZHl7Sender = z.object({
  _id: z.string(),
  sendingFacility: z.string(),
  allowedAddresses: z.array(z.string()),
  pickupAddressId: z.string(),
  recipientAddressId: z.string(),
  outbound: z.object({ host: z.string(), port: z.number().int(), events: z.array(z.enum(HL7_OUTBOUND_EVENTS)) }).nullable(),
  createdAt: isoDate,
});
export type THl7Sender = z.infer<typeof ZHl7Sender>;

/** Where the engine points: the MLLP listener's host and port, and whether it speaks TLS; null when it is off. */
export const ZHl7Listener = z.object({ host: z.string(), port: z.number().int(), tls: z.boolean() }).nullable();
export const ZHl7SendersResponse = z.object({ success: z.literal(true), data: z.array(ZHl7Sender), listener: ZHl7Listener });
export type THl7SendersResponse = z.infer<typeof ZHl7SendersResponse>;
export const ZCreateHl7SenderResponse = z.object({ success: z.literal(true), message: z.string(), data: ZHl7Sender });
export const ZDeleteHl7SenderResponse = z.object({ success: z.literal(true), message: z.string() });

/** One outbound status message and the engine's acknowledgement. */
export const ZHl7OutboundMessage = z.object({
  _id: z.string(),
  deliveryId: z.string(),
  event: z.enum(HL7_OUTBOUND_EVENTS),
  controlId: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  ackCode: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
});
export type THl7OutboundMessage = z.infer<typeof ZHl7OutboundMessage>;
export const ZHl7MessagesResponse = z.object({ success: z.literal(true), data: z.array(ZHl7OutboundMessage) });
export type THl7MessagesResponse = z.infer<typeof ZHl7MessagesResponse>;
