import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TTemperatureBoundary } from '@courier/contract';
import { deliveries } from './deliveries.js';
import { deliveryPieces } from './pieces.js';
import { users } from './users.js';

/**
 * A temperature logger scanned onto a parcel at pickup (migration 0023). Its readings count for the parcel from
 * `boundAt` until the parcel is finished (delivered, returned, cancelled): the binding is released there.
 * One logger in a cooler may be bound to every parcel in it.
 */
export const loggerBindings = pgTable(
  'logger_bindings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: text('device_id').notNull(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
    boundBy: uuid('bound_by').references(() => users.id),
    /** The piece it travels in (migration 0037); null: the whole parcel. Its readings count for the delivery either way. */
    pieceId: uuid('piece_id').references(() => deliveryPieces.id),
    /** When dispatch was told the logger went quiet while on board (once per binding). */
    gapNotifiedAt: timestamp('gap_notified_at', { withTimezone: true }),
  },
  (t) => [index('logger_bindings_device_idx').on(t.deviceId, t.boundAt), index('logger_bindings_delivery_idx').on(t.deliveryId)],
);

/** When each device last called, whatever its readings' own times. */
export const devices = pgTable('devices', {
  deviceId: text('device_id').primaryKey(),
  lastHeardAt: timestamp('last_heard_at', { withTimezone: true }).notNull(),
});

/** Administrators' boundaries per temperature class; a class without a row uses its range at once. */
export const temperatureRules = pgTable('temperature_rules', {
  temperatureClass: text('temperature_class').primaryKey(),
  boundaries: jsonb('boundaries').$type<TTemperatureBoundary[]>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
