import { DEFAULT_EMAIL_NOTICE_EVENTS, EMAIL_NOTICE_EVENTS, type TEmailNoticeEvent, type TPublicUser } from '@courier/contract';
import type { users } from '../../db/schema/index.js';

type UserRow = typeof users.$inferSelect;

const DEFAULT_PREFERENCES = { emailUpdates: true, smsUpdates: false, marketingEmails: false };

/** The moves this account hears of by e-mail: the stored choice (known names only, in a fixed order), else the default. */
export function emailEventsOf(prefs: { emailEvents?: string[] } | null | undefined): TEmailNoticeEvent[] {
  const chosen = prefs?.emailEvents;
  if (!Array.isArray(chosen)) return [...DEFAULT_EMAIL_NOTICE_EVENTS];
  return EMAIL_NOTICE_EVENTS.filter((e) => chosen.includes(e));
}

/** The whitelisted user every account call answers with: no hash, lock or internal flags. */
export function toPublicUser(row: UserRow): TPublicUser {
  const prefs = { ...DEFAULT_PREFERENCES, ...(row.notificationPreferences ?? {}) };
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    accountType: row.accountType,
    organisation: row.organisation,
    picture: row.picture,
    roleId: row.roleId,
    createdAt: row.createdAt.toISOString(),
    isDeleted: row.isDeleted,
    notificationPreferences: {
      emailUpdates: !!prefs.emailUpdates,
      smsUpdates: !!prefs.smsUpdates,
      marketingEmails: !!prefs.marketingEmails,
      emailEvents: emailEventsOf(row.notificationPreferences),
    },
    emailVerified: row.emailVerifiedAt !== null,
  };
}
