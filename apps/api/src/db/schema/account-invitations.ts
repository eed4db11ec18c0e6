import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.js';
import { users } from './users.js';

/**
 * An owner's (or staff's) invitation to join a customer account, by e-mail with a role. Only the link's SHA-256 is
 * kept. Pending while neither accepted nor revoked and before it expires.
 */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<'owner' | 'member'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Null when staff opened the account by hand. */
    invitedBy: uuid('invited_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_invitations_token_idx').on(t.tokenHash),
    index('account_invitations_account_idx').on(t.accountId, t.createdAt),
    check('account_invitations_role_check', sql`${t.role} in ('owner', 'member')`),
  ],
);
