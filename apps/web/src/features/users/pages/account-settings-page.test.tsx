import { MESSAGES } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerAccount } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { getSession, getUser, setSession } from '@/lib/session';

const account = customerAccount;

type TAnswer = (body: unknown) => Response;

/** The account endpoints, each answer replaceable per test; anything else (the notification bell) is empty. */
function stubAccountApi(overrides: Partial<Record<string, TAnswer>> = {}) {
  const answers: Record<string, TAnswer> = {
    'GET /api/v1/auth/me': () => json(200, { success: true, data: account }),
    'PATCH /api/v1/auth/profile': (body) =>
      json(200, { success: true, message: MESSAGES.profileUpdated, data: { ...account, ...(body as object) } }),
    'POST /api/v1/auth/change-password': () => json(200, { success: true, message: MESSAGES.passwordChanged }),
    'PATCH /api/v1/auth/notification-preferences': (body) => json(200, { success: true, message: MESSAGES.preferencesUpdated, data: body }),
    'DELETE /api/v1/users/me': () => json(200, { success: true, message: MESSAGES.accountDeleted }),
    'POST /api/v1/auth/logout': () => json(200, { success: true, message: 'Logged out' }),
    ...overrides,
  };
  return stubApi((url, init) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const answer = answers[key];
    if (answer) return answer(init.body ? JSON.parse(String(init.body)) : undefined);
    return json(200, key.includes('notifications') ? [] : { success: true, data: [] });
  });
}

const toastText = (text: string) => screen.findByText(text, { selector: '.Toastify *' }, slow);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  setSession({ token: 't1', refreshToken: 'r1', user: { ...account, firstName: 'Old' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openSettings() {
  const router = renderRoute('/account-settings');
  await vi.waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Elena'), slow);
  return router;
}

describe('account settings: personal information', () => {
  it('shows the e-mail read-only with its hint, saves name and phone and updates the stored user', async () => {
    const { calls } = stubAccountApi();
    await openSettings();

    const email = screen.getByLabelText('Email', { exact: true }) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe('elena@clinic.org');
    expect(screen.getByText(MESSAGES.emailReadOnly)).toBeVisible();

    type('First name', 'Elena Maria');
    type('Phone', '(617) 555-0199');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await toastText(MESSAGES.profileUpdated)).toBeVisible();
    expect(calls('/api/v1/auth/profile')[0].body).toEqual({
      firstName: 'Elena Maria',
      lastName: 'Novak',
      phone: '(617) 555-0199',
      organisation: '',
    });
    expect(getUser()).toMatchObject({ firstName: 'Elena Maria', phone: '(617) 555-0199', email: 'elena@clinic.org' });
    expect(await screen.findByText('Elena Maria Novak', { selector: 'header *' })).toBeVisible();
  });

  it('requires first name, last name and phone before sending', async () => {
    const { calls } = stubAccountApi();
    await openSettings();

    type('First name', ' ');
    type('Last name', '');
    type('Phone', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('First name is required')).toBeVisible();
    expect(screen.getByText('Last name is required')).toBeVisible();
    expect(screen.getByText('Phone is required')).toBeVisible();
    expect(calls('/api/v1/auth/profile')).toHaveLength(0);
  });

  it.each([
    [
      json(400, { success: false, message: 'Phone must be a valid phone number', error: 'BAD_REQUEST' }),
      'Phone must be a valid phone number',
    ],
    [new Response('', { status: 500 }), MESSAGES.profileUpdateFailed],
  ])('shows the server message or the default when saving fails', async (answer, shown) => {
    stubAccountApi({ 'PATCH /api/v1/auth/profile': () => answer });
    await openSettings();
    type('Last name', 'Novakova');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await toastText(shown)).toBeVisible();
    expect(getUser()?.lastName).toBe('Novak');
  });
});

describe('account settings: change password', () => {
  it('lists the rules, catches a mismatch, then sends current and new password and clears the form', async () => {
    const { calls } = stubAccountApi();
    await openSettings();
    expect(screen.getByText('Password must:')).toBeVisible();

    type('Current password', 'Clinic#Courier2026');
    type('New password', 'Lab-Courier#77');
    type('Confirm new password', 'Lab-Courier#78');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await toastText(MESSAGES.newPasswordMismatch)).toBeVisible();
    expect(calls('/api/v1/auth/change-password')).toHaveLength(0);

    type('Confirm new password', 'Lab-Courier#77');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await toastText(MESSAGES.passwordChanged)).toBeVisible();
    expect(calls('/api/v1/auth/change-password')[0].body).toEqual({ currentPassword: 'Clinic#Courier2026', newPassword: 'Lab-Courier#77' });
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      await vi.waitFor(() => expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe(''));
    }
  });

  it("applies sign-up's password rule and words: a full stop is not a special character", async () => {
    const { calls } = stubAccountApi();
    await openSettings();
    expect(screen.getByText('Contain at least one special character (!@#$%^&)')).toBeVisible();
    type('Current password', 'Clinic#Courier2026');
    type('New password', 'Northlab.2026x');
    type('Confirm new password', 'Northlab.2026x');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must contain at least one special character (!@#$%^&)')).toBeVisible();
    expect(calls('/api/v1/auth/change-password')).toHaveLength(0);
  });

  it('toggles each field between hidden and shown', async () => {
    stubAccountApi();
    await openSettings();
    for (const name of ['current password', 'new password', 'confirm new password']) {
      fireEvent.click(screen.getByRole('button', { name: `Show ${name}` }));
      expect(screen.getByRole('button', { name: `Hide ${name}` })).toBeVisible();
    }
    expect(screen.getByLabelText('Current password').getAttribute('type')).toBe('text');
  });

  it("shows the server's reason at the field it names", async () => {
    stubAccountApi({
      'POST /api/v1/auth/change-password': () =>
        json(400, { success: false, message: 'Current password is incorrect', error: 'BAD_REQUEST', field: 'currentPassword' }),
    });
    await openSettings();
    type('Current password', 'wrong');
    type('New password', 'Lab-Courier#77');
    type('Confirm new password', 'Lab-Courier#77');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await toastText('Current password is incorrect')).toBeVisible();
    expect(screen.getByText('Current password is incorrect', { selector: 'form p' })).toBeVisible();
    expect(getSession().isAuthenticated).toBe(true);
  });
});

describe('account settings: notification preferences', () => {
  it('shows the saved flags and saves the changed set', async () => {
    const { calls } = stubAccountApi();
    await openSettings();
    const sms = screen.getByRole('switch', { name: 'SMS updates' });
    expect(screen.getByRole('switch', { name: 'Email updates' }).getAttribute('aria-checked')).toBe('true');
    expect(sms.getAttribute('aria-checked')).toBe('false');
    const save = screen.getByRole('button', { name: 'Save preferences' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.click(sms);
    fireEvent.click(screen.getByRole('switch', { name: 'Email updates' }));
    fireEvent.click(save);

    expect(await toastText(MESSAGES.preferencesUpdated)).toBeVisible();
    const sent = {
      emailUpdates: false,
      smsUpdates: true,
      marketingEmails: false,
      emailEvents: ['picked_up', 'delivered', 'cancelled', 'late', 'failed_attempt', 'reattempt', 'returning', 'returned'],
    };
    expect(calls('/api/v1/auth/notification-preferences')[0].body).toEqual(sent);
    expect(getUser()?.notificationPreferences).toEqual(sent);
  });

  it('chooses which moves send an e-mail, the pickup, delivery and exceptions by default', async () => {
    const { calls } = stubAccountApi();
    await openSettings();
    const approved = screen.getByRole('checkbox', { name: 'Request approved' });
    expect(approved).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Picked up' })).toHaveProperty('checked', true);
    fireEvent.click(approved);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Running late' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await toastText(MESSAGES.preferencesUpdated)).toBeVisible();
    expect(calls('/api/v1/auth/notification-preferences')[0].body).toMatchObject({
      emailEvents: ['approved', 'picked_up', 'delivered', 'cancelled', 'failed_attempt', 'reattempt', 'returning', 'returned'],
    });
  });

  it('shows the default when saving fails', async () => {
    stubAccountApi({ 'PATCH /api/v1/auth/notification-preferences': () => new Response('', { status: 503 }) });
    await openSettings();
    fireEvent.click(screen.getByRole('switch', { name: 'Marketing emails' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));

    expect(await toastText(MESSAGES.preferencesFailed)).toBeVisible();
  });
});

describe('account settings: delete account', () => {
  it('asks for confirmation, deletes, ends the session and goes to /auth/login', async () => {
    const { calls } = stubAccountApi();
    const router = await openSettings();

    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls('/api/v1/users/me')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    expect(await toastText(MESSAGES.accountDeleted)).toBeVisible();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), slow);
    expect(calls('/api/v1/users/me')[0].method).toBe('DELETE');
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('stays signed in and says why when the deletion fails', async () => {
    stubAccountApi({ 'DELETE /api/v1/users/me': () => new Response('', { status: 500 }) });
    const router = await openSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, delete my account' }));

    expect(await toastText(MESSAGES.accountDeleteFailed)).toBeVisible();
    expect(router.state.location.pathname).toBe('/account-settings');
    expect(getSession().isAuthenticated).toBe(true);
  });
});

describe('account settings: API keys and webhooks', () => {
  const key = {
    _id: 'k1',
    name: 'Dispensing system',
    prefix: 'mck_AbCdEf',
    scopes: ['deliveries:read', 'deliveries:write'],
    expiresAt: null,
    lastUsedAt: null,
    createdAt: '2026-03-02T15:00:00.000Z',
  };

  it('creates a key with its scopes, shows the secret once, and lists it with its last use', async () => {
    let keys: unknown[] = [];
    const { calls } = stubAccountApi({
      'GET /api/v1/api-keys': () => json(200, { success: true, data: keys }),
      'POST /api/v1/api-keys': () => {
        keys = [key];
        return json(201, { success: true, message: 'API key created', data: { ...key, secret: 'mck_secret-shown-once-0123456789abcdef' } });
      },
    });
    await openSettings();
    const section = within(screen.getByRole('region', { name: 'API Keys' }));
    fireEvent.change(section.getByLabelText('Key name'), { target: { value: 'Dispensing system' } });
    fireEvent.click(section.getByRole('checkbox', { name: /Book and cancel deliveries/ }));
    fireEvent.click(section.getByRole('button', { name: 'Create key' }));

    expect(await section.findByText('mck_secret-shown-once-0123456789abcdef', {}, slow)).toBeVisible();
    expect(calls('/api/v1/api-keys').find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Dispensing system',
      scopes: ['deliveries:read', 'deliveries:write'],
    });
    expect(await section.findByText(/Last used never/, {}, slow)).toBeVisible();
    fireEvent.click(section.getByRole('button', { name: 'Done' }));
    expect(section.queryByText('mck_secret-shown-once-0123456789abcdef')).toBeNull();
  }, 15_000);

  it('shows an endpoint\u2019s delivery log with its status codes', async () => {
    stubAccountApi({
      'GET /api/v1/webhooks': () =>
        json(200, {
          success: true,
          data: [
            {
              _id: 'w1',
              url: 'https://lab.example.com/hooks',
              description: '',
              eventTypes: ['delivery.created'],
              enabled: true,
              disabledReason: null,
              failingSince: null,
              createdAt: '2026-03-02T15:00:00.000Z',
            },
          ],
        }),
      'GET /api/v1/webhooks/w1/deliveries': () =>
        json(200, {
          success: true,
          data: [
            {
              _id: 'a1',
              messageId: 'msg_1',
              eventType: 'delivery.created',
              attempt: 2,
              statusCode: 200,
              durationMs: 84,
              succeeded: true,
              error: null,
              createdAt: '2026-03-02T15:01:00.000Z',
            },
          ],
        }),
    });
    await openSettings();
    const section = within(screen.getByRole('region', { name: 'Webhooks' }));
    fireEvent.click(await section.findByRole('button', { name: 'Delivery log' }, slow));
    const log = await section.findByRole('table', { name: 'Delivery log' }, slow);
    expect(within(log).getByText('200')).toBeVisible();
    expect(within(log).getByText('84 ms')).toBeVisible();
    expect(within(log).getByRole('button', { name: /^Resend delivery\.created/ })).toBeVisible();
  }, 15_000);
});
