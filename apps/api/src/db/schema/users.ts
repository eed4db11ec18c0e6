import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.js';

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export interface TNotificationPreferences {
  emailUpdates: boolean;
  smsUpdates: boolean;
  marketingEmails: boolean;
  /** Absent on rows written before the choice existed: DEFAULT_EMAIL_NOTICE_EVENTS. */
  emailEvents?: string[];
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    accountType: text('account_type'),
    /** Optional organisation (clinic, lab...) printed on labels above the person. */
    organisation: text('organisation').notNull().default(''),
    picture: text('picture'),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    isDisabled: boolean('is_disabled').notNull().default(false),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    notificationPreferences: jsonb('notification_preferences')
      .$type<TNotificationPreferences>()
      .notNull()
      .default(sql`'{"emailUpdates":true,"smsUpdates":false,"marketingEmails":false}'::jsonb`),
    /** Drivers' shift for route planning (migration 0013): HH:MM in BUSINESS_TZ, and 'base' or 'current'. */
    shiftStart: text('shift_start'),
    shiftEnd: text('shift_end'),
    shiftStartPlace: text('shift_start_place'),
    /** Drivers' vehicle capacity in units (PACKAGE_SIZE_UNITS). */
    vehicleCapacity: integer('vehicle_capacity').notNull().default(20),
    /** Drivers' cold compartment in units (0: none), their skills and their shift's break (route planning at scale). */
    coldCapacity: integer('cold_capacity').notNull().default(0),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    /** The break's length in minutes and its earliest and latest start (HH:MM in BUSINESS_TZ); null: no break. */
    breakMinutes: integer('break_minutes'),
    breakEarliest: text('break_earliest'),
    breakLatest: text('break_latest'),
    /** A customer's account and their role in it (migration 0019); null for staff and drivers. */
    accountId: uuid('account_id').references(() => customerAccounts.id),
    accountRole: text('account_role').$type<'owner' | 'member'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_role_idx').on(t.roleId),
    index('users_account_idx').on(t.accountId),
    // Every customer belongs to an account (ROLE_IDS.CUSTOMER, fixed forever).
    check('users_customer_account_check', sql`${t.roleId} <> '64b000000000000000000006' or ${t.accountId} is not null`),
    check(
      'users_account_role_check',
      sql`(${t.accountId} is null and ${t.accountRole} is null) or (${t.accountId} is not null and ${t.accountRole} in ('owner', 'member'))`,
    ),
  ],
);

/** Opaque refresh tokens, stored hashed; a family is one sign-in and all its rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Single-use secrets sent by e-mail: verification links, reset links and login codes. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'verify_email' | 'reset_password' | 'login_otp'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_kind_idx').on(t.userId, t.kind), index('auth_tokens_hash_idx').on(t.tokenHash)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    email: text('email').notNull(),
    ip: text('ip'),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_user_time_idx').on(t.userId, t.createdAt),
    // Sign-in failures are counted per e-mail and client address, known e-mail or not.
    index('login_attempts_email_ip_time_idx').on(t.email, t.ip, t.createdAt),
  ],
);

/** A customer's address book: pickup points and recipients offered first in the request form. */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'pickup' | 'recipient'>().notNull(),
    label: text('label').notNull(),
    address: text('address').notNull(),
    contactName: text('contact_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_addresses_owner_idx').on(t.ownerId, t.createdAt)],
);
