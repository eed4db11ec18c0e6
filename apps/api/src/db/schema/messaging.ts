import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deliveries } from './deliveries.js';
import { users } from './users.js';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deliveryId: uuid('delivery_id').references(() => deliveries.id),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

/** SMS / e-mail consent, one row per phone; each change is also written to the audit log as proof. */
export const optins = pgTable('optins', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull().unique(),
  company: text('company'),
  /** Where e-mail updates go: required when consent_email is ticked on the page. */
  email: text('email'),
  consentSms: boolean('consent_sms').notNull(),
  consentEmail: boolean('consent_email').notNull(),
  consentMarketing: boolean('consent_marketing').notNull(),
  source: text('source').$type<'page' | 'banner'>().notNull(),
  consentText: text('consent_text').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
  /** Set by an SMS STOP while the number's SMS consent is withdrawn; START clears it. */
  smsWithdrawnAt: timestamp('sms_withdrawn_at', { withTimezone: true }),
  /** A form asked for SMS and a text asking the number to reply YES went out (pending until YES). */
  smsRequestedAt: timestamp('sms_requested_at', { withTimezone: true }),
  /** The handset replied YES or START: consentSms is true from then until a STOP. */
  smsConfirmedAt: timestamp('sms_confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** Set on a row that counts repeats (a key's identical refusals within a minute): one row per value. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_action_idx').on(t.action),
    uniqueIndex('audit_events_dedupe_key_idx').on(t.dedupeKey).where(sql`${t.dedupeKey} IS NOT NULL`),
  ],
);

/** Durable outbox: written in the same transaction as the change that causes the message. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    /** The one-click unsubscribe URL of a recipient e-mail (List-Unsubscribe, RFC 8058). */
    listUnsubscribe: text('list_unsubscribe'),
    /** Files sent with an e-mail (an issued invoice's PDF), base64, written in the same transaction as the message. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Whose claim `lockedUntil` is: a message is sent, and its outcome written, only while the token is the sender's. */
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    /** 'sms_consent_request' for the text asking a number to reply YES; null for delivery updates. */
    purpose: text('purpose').$type<'sms_consent_request'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_failed_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
);

/** Recipients (who never signed up) who asked for no more delivery e-mails. */
export const emailUnsubscribes = pgTable('email_unsubscribes', {
  email: text('email').primaryKey(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }).notNull(),
});

/**
 * Idempotency-Key of a driver's status or proof call: claimed in the move's transaction, so a retry
 * applies nothing twice; the first answer is kept and returned to every retry.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** What the key was first used for ("status:<delivery>:<status>"); another use of it is refused. */
    scope: text('scope').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.key] })],
);

/** Inbound SMS already applied, by the provider's MessageSid, so a replayed webhook call changes nothing. */
export const inboundSmsMessages = pgTable('inbound_sms_messages', {
  messageSid: text('message_sid').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
