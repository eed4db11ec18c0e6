import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.js';
import { users } from './users.js';

/**
 * A lab system registered for SMART Backend Services: its public keys (a JWKS, nothing private) check the JWT
 * assertions it signs; the tokens it gets act as the account owner who registered it. `id` is its client_id.
 */
export const fhirClients = pgTable(
  'fhir_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id),
    /** The owner who registered it: the booker of what its tokens book. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>().notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted clients get no tokens, and the tokens they had stop working. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('fhir_clients_account_idx').on(t.accountId, t.createdAt)],
);

/** Assertion ids already used, kept until the assertion's own expiry: a replayed assertion is refused. */
export const fhirAssertionJtis = pgTable(
  'fhir_assertion_jtis',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => fhirClients.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.jti] }), index('fhir_assertion_jtis_expires_idx').on(t.expiresAt)],
);

/** An issued access token (mcf_...): only its SHA-256 is kept, with what it may do and until when. */
export const fhirAccessTokens = pgTable(
  'fhir_access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => fhirClients.id, { onDelete: 'cascade' }),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fhir_access_tokens_expires_idx').on(t.expiresAt)],
);
