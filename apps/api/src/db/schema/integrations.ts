import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.js';
import { deliveries } from './deliveries.js';
import { users } from './users.js';

/** A customer's API key: only the secret's SHA-256 is kept; `prefix` tells keys apart in lists. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/** Where a customer's systems hear of their deliveries (Standard Webhooks, signed with `secret`). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: jsonb('event_types').$type<string[]>().notNull().default([]),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** The first failure since the last success; failing for 24 hours disables the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /**
     * 'webhook': the customer's own endpoint (the webhooks API lists only these). 'fhir': the channel of a FHIR
     * Subscription (modules/fhir), sent by the same outbox with its own headers and as application/fhir+json.
     */
    kind: text('kind').$type<'webhook' | 'fhir'>().notNull().default('webhook'),
    /** Headers sent with every message (a FHIR Subscription's channel.header); none for a webhook. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** One event for one endpoint, written in the transaction of the change; `msgId` is its webhook-id on every retry. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    msgId: text('msg_id').notNull().unique(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Whose claim `lockedUntil` is: a send's outcome is written only while the token is still the sender's. */
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_messages_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** The delivery log: each attempt to send a message and what the endpoint answered. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.createdAt)],
);

/**
 * A FHIR R4 Subscription (rest-hook) of an account's Tasks. Its channel is a webhook endpoint of kind 'fhir', so its
 * notifications go through the webhooks' outbox: same retries, SSRF guard, delivery log and disabling.
 */
export const fhirSubscriptions = pgTable(
  'fhir_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id),
    /** Who made it: an account owner hears of every Task of the account, a member of their own bookings only. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    criteria: text('criteria').notNull(),
    reason: text('reason').notNull().default(''),
    /** channel.header as given ("Name: value" strings). */
    channelHeaders: jsonb('channel_headers').$type<string[]>().notNull().default([]),
    /** 'off': the client set it off; otherwise it is active while its endpoint is enabled, 'error' once disabled. */
    requestedStatus: text('requested_status').$type<'active' | 'off'>().notNull().default('active'),
    end: timestamp('end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fhir_subscriptions_account_idx').on(t.accountId)],
);

/** A Task's business identifier (system|value) as the lab's system sent it: unique per account, for If-None-Exist. */
export const fhirTaskIdentifiers = pgTable(
  'fhir_task_identifiers',
  {
    deliveryId: uuid('delivery_id')
      .primaryKey()
      .references(() => deliveries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id),
    system: text('system').notNull().default(''),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fhir_task_identifiers_account_idx').on(t.accountId, t.system, t.value)],
);
