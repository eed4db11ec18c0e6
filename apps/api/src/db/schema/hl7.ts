import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.js';
import { deliveries } from './deliveries.js';
import { savedAddresses, users } from './users.js';

/**
 * An account's interface engine that may send HL7 v2 orders over MLLP: known by its sending facility (MSH-4,
 * unique across accounts) and the addresses it connects from. Orders are booked as `ownerId` (the account owner
 * who registered it), between its default pickup and recipient saved addresses. `outboundHost`/`outboundPort`,
 * when set, receive status messages at the `outboundEvents`.
 */
export const hl7Senders = pgTable(
  'hl7_senders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    sendingFacility: text('sending_facility').notNull(),
    /** CIDRs (a single address is kept as /32 or /128). */
    allowedAddresses: jsonb('allowed_addresses').$type<string[]>().notNull(),
    pickupAddressId: uuid('pickup_address_id')
      .notNull()
      .references(() => savedAddresses.id),
    recipientAddressId: uuid('recipient_address_id')
      .notNull()
      .references(() => savedAddresses.id),
    outboundHost: text('outbound_host'),
    outboundPort: integer('outbound_port'),
    outboundEvents: jsonb('outbound_events').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed by its owner: kept (with its order log, so a control id sent again is still answered, not booked). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('hl7_senders_facility_uq').on(t.sendingFacility).where(sql`${t.deletedAt} is null`),
    index('hl7_senders_account_idx').on(t.accountId),
  ],
);

/**
 * An order message booked from a sender: its control id (MSH-10) is unique per sender, so a message sent again
 * books nothing and gets `ack` (the original acknowledgement) again. Keeps the order's placer and filler numbers.
 */
export const hl7Orders = pgTable(
  'hl7_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => hl7Senders.id, { onDelete: 'cascade' }),
    controlId: text('control_id').notNull(),
    messageType: text('message_type').notNull(),
    version: text('version').notNull(),
    /** MSH-3 of the order: the application outbound status messages are addressed to. */
    sendingApplication: text('sending_application').notNull().default(''),
    placerNumber: text('placer_number'),
    fillerNumber: text('filler_number'),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    ack: text('ack').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hl7_orders_control_uq').on(t.senderId, t.controlId), index('hl7_orders_delivery_idx').on(t.deliveryId)],
);

/**
 * A status message to a sender's engine, written in the transaction of the status change and sent by the outbox
 * (claimed with a lease and token, retried with back-off). The engine's ACK is recorded on it: this is the log.
 */
export const hl7OutboundMessages = pgTable(
  'hl7_outbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => hl7Senders.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    event: text('event').$type<'pickup' | 'delivery' | 'receipt'>().notNull(),
    controlId: text('control_id').notNull().unique(),
    message: text('message').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    /** MSA-1 of the engine's answer (AA, AE, AR, CA ...) and the answer itself. */
    ackCode: text('ack_code'),
    ack: text('ack'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('hl7_outbound_due_idx').on(t.status, t.nextAttemptAt), index('hl7_outbound_sender_idx').on(t.senderId, t.createdAt)],
);
