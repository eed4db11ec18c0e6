import { ROLE_IDS } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { users } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { auditCount, lastEmailTo, login, post, signedIn } from './test-support.js';

describe('account settings', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const t = useTestApp({ clock });

  const patch = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PATCH', url, payload: payload as object, headers });

  async function session() {
    const { user, password } = await createUser(t.db);
    return { user, password, ...(await signedIn(t, user.email, password)) };
  }

  describe('PATCH /api/v1/auth/profile', () => {
    it('changes first name, last name and phone and answers the updated user', async () => {
      const { user, auth } = await session();
      const res = await patch('/api/v1/auth/profile', { firstName: ' Jo ', lastName: 'Park', phone: '+1 617 555 0111' }, auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Personal information updated successfully',
        data: { _id: user.id, firstName: 'Jo', lastName: 'Park', phone: '+1 617 555 0111', email: user.email },
      });
      expect(await auditCount(t, user.id, 'account.profile.updated')).toBe(1);
    });

    it('never applies any other field sent', async () => {
      const { user, auth } = await session();
      const res = await patch(
        '/api/v1/auth/profile',
        {
          firstName: 'Jo',
          lastName: 'Park',
          phone: '+16175550111',
          email: 'taken-over@evil.example',
          roleId: ROLE_IDS.SUPER_ADMIN,
          isDeleted: true,
          emailVerified: false,
          passwordHash: 'x',
          address: 'Elsewhere',
          accountType: 'pharmacy',
          notificationPreferences: { marketingEmails: true },
        },
        auth,
      );
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        email: user.email,
        roleId: ROLE_IDS.CUSTOMER,
        isDeleted: false,
        passwordHash: user.passwordHash,
        address: user.address,
        accountType: user.accountType,
        notificationPreferences: user.notificationPreferences,
      });
      expect(row.emailVerifiedAt).not.toBeNull();
    });

    it('requires all three fields and a valid phone', async () => {
      const { auth } = await session();
      expect((await patch('/api/v1/auth/profile', { lastName: 'Park', phone: '+16175550111' }, auth)).json().message).toBe(
        'firstName: First name is required',
      );
      expect((await patch('/api/v1/auth/profile', { firstName: 'Jo', lastName: '  ', phone: '+16175550111' }, auth)).json().message).toBe(
        'lastName: Last name is required',
      );
      const badPhone = await patch('/api/v1/auth/profile', { firstName: 'Jo', lastName: 'Park', phone: 'nope' }, auth);
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().message).toBe('phone: Phone must be a valid phone number');
    });

    it('needs a signed-in user', async () => {
      const res = await patch('/api/v1/auth/profile', { firstName: 'Jo', lastName: 'Park', phone: '+16175550111' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('No token provided');
    });
  });

  describe('POST /api/v1/auth/change-password', () => {
    const change = (body: unknown, auth: Record<string, string>) => post(t, '/api/v1/auth/change-password', body, auth);

    it('checks the current password, sets the new one and keeps only this session', async () => {
      const { user, password, auth, refreshToken } = await session();
      const other = await signedIn(t, user.email, password);
      const res = await change({ currentPassword: password, newPassword: 'Brand#New2026' }, auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Password changed successfully' });
      expect((await login(t, user.email, password)).statusCode).toBe(401);
      expect((await login(t, user.email, 'Brand#New2026')).statusCode).toBe(200);
      // This session goes on; the other one is signed out.
      expect((await post(t, '/api/auth/refresh-token', { refreshToken })).statusCode).toBe(200);
      expect((await post(t, '/api/auth/refresh-token', { refreshToken: other.refreshToken })).statusCode).toBe(401);
      expect((await lastEmailTo(t, user.email))?.subject).toBe('Your MedCourier password was changed');
      expect(await auditCount(t, user.id, 'auth.password.changed')).toBe(1);
    });

    it('refuses a wrong current password with 400 naming the field, and audits it', async () => {
      const { user, auth } = await session();
      const res = await change({ currentPassword: 'Wrong#Pass1', newPassword: 'Brand#New2026' }, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Current password is incorrect', field: 'currentPassword' });
      expect(await auditCount(t, user.id, 'auth.password_change.failed')).toBe(1);
    });

    it.each([
      ['Sh#1a', 'Password must be at least 8 characters long'],
      ['lowercase#1x', 'Password must contain at least one uppercase letter'],
      ['NoNumber#here', 'Password must contain at least one number'],
      ['NoSpecial1here', 'Password must contain at least one special character (!@#$%^&)'],
      // The sign-up rule, not a second one: a full stop is not one of its special characters.
      ['Northlab.2026x', 'Password must contain at least one special character (!@#$%^&)'],
    ])("applies sign-up's password rule and messages: %s", async (newPassword, message) => {
      const { password, auth } = await session();
      const res = await change({ currentPassword: password, newPassword }, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`newPassword: ${message}`);
    });

    it('refuses the same password again and missing fields', async () => {
      const { password, auth } = await session();
      expect((await change({ currentPassword: password, newPassword: password }, auth)).json().message).toBe(
        'New password must be different from the current password',
      );
      expect((await change({ newPassword: 'Brand#New2026' }, auth)).json().message).toBe('currentPassword: Current password is required');
      expect((await change({ currentPassword: password }, auth)).json().message).toBe('newPassword: New password is required');
    });

    it('needs a signed-in user', async () => {
      expect((await change({ currentPassword: 'a', newPassword: 'Brand#New2026' }, {})).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/v1/auth/notification-preferences', () => {
    it('sets the flags sent, keeps the others and answers the whole set', async () => {
      const { user, auth } = await session();
      const defaults = ['picked_up', 'delivered', 'cancelled', 'late', 'failed_attempt', 'reattempt', 'returning', 'returned'];
      const res = await patch('/api/v1/auth/notification-preferences', { smsUpdates: true, marketingEmails: true }, auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Notification preferences updated successfully',
        data: { emailUpdates: true, smsUpdates: true, marketingEmails: true, emailEvents: defaults },
      });
      const all = await patch(
        '/api/v1/auth/notification-preferences',
        { emailUpdates: false, smsUpdates: false, marketingEmails: false },
        auth,
      );
      const off = { emailUpdates: false, smsUpdates: false, marketingEmails: false, emailEvents: defaults };
      expect(all.json().data).toEqual(off);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row.notificationPreferences).toEqual(off);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth });
      expect(me.json().data.notificationPreferences).toEqual(off);
    });

    it('keeps the moves chosen for e-mail, in a fixed order and without repeats, and nothing else', async () => {
      const { auth } = await session();
      const res = await patch('/api/v1/auth/notification-preferences', { emailEvents: ['late', 'approved', 'late'] }, auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ emailUpdates: true, emailEvents: ['approved', 'late'] });
      const none = await patch('/api/v1/auth/notification-preferences', { emailEvents: [] }, auth);
      expect(none.json().data.emailEvents).toEqual([]);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth });
      expect(me.json().data.notificationPreferences.emailEvents).toEqual([]);
      const bad = await patch('/api/v1/auth/notification-preferences', { emailEvents: ['in_transit'] }, auth);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('emailEvents.0');
      expect((await patch('/api/v1/auth/notification-preferences', { emailEvents: 'delivered' }, auth)).statusCode).toBe(400);
    });

    it('refuses non-boolean values and an empty change', async () => {
      const { auth } = await session();
      const res = await patch('/api/v1/auth/notification-preferences', { emailUpdates: 'yes' }, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('emailUpdates: emailUpdates must be true or false');
      expect((await patch('/api/v1/auth/notification-preferences', {}, auth)).statusCode).toBe(400);
    });

    it('needs a signed-in user', async () => {
      expect((await patch('/api/v1/auth/notification-preferences', { smsUpdates: true })).statusCode).toBe(401);
    });
  });
});
