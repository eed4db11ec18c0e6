import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** @fastify/rate-limit's counters when there is no Redis: one fixed window per route and caller. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
