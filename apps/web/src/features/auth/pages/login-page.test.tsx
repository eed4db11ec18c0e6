import { MESSAGES, ROLE_IDS } from '@courier/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

// The API is the outside world: fetch answers the login call.
function stubLogin(response: Response | (() => never)) {
  return stubApi(() => (typeof response === 'function' ? response() : response)).fetchMock;
}

const renderLogin = (initialEntry: string | { pathname: string; state: unknown } = '/auth/login') => renderRoute(initialEntry);

async function signIn(
  initialEntry: string | { pathname: string; state: unknown } = '/auth/login',
  { email = 'kim@medcourier.example', password = 'S3cure!pass', remember = false } = {},
) {
  const router = renderLogin(initialEntry);
  fireEvent.change(await screen.findByLabelText('Email', {}, slow), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  if (remember) fireEvent.click(screen.getByLabelText('Remember me'));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return router;
}

const loginOk = (roleId: string) =>
  json(200, {
    success: true,
    message: 'Login successful!',
    data: { token: 't1', refreshToken: 'r1', user: { _id: 'u1', firstName: 'Kim', roleId } },
  });

const inlineError = (text: string) => screen.findByText(text, { selector: 'form [role=alert]' }, slow);
const toastText = (text: string) => screen.findByText(text, { selector: '.Toastify *' }, slow);

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('login page', () => {
  it('posts the credentials, stores the session and lands staff on /admin/dashboard', async () => {
    const fetchMock = stubLogin(loginOk(ROLE_IDS.STAFF));
    const router = await signIn();

    expect(await screen.findByRole('heading', { name: 'Dispatch' }, slow)).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'kim@medcourier.example', password: 'S3cure!pass' });
    expect(getSession()).toMatchObject({ isAuthenticated: true, token: 't1', refreshToken: 'r1', role: 'STAFF' });
    expect(await toastText(MESSAGES.loginSuccess)).toBeVisible();
  });

  it.each([
    ['CUSTOMER', '/user/home'],
    ['DRIVER', '/driver/home'],
    ['SUPER_ADMIN', '/admin/dashboard'],
  ] as const)('lands a %s on %s', async (role, landing) => {
    stubLogin(loginOk(ROLE_IDS[role]));
    const router = await signIn();

    await vi.waitFor(() => expect(router.state.location.pathname).toBe(landing), slow);
  });

  it('lands an unknown role on /user/home with a warning only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubLogin(loginOk('not-a-role'));
    const router = await signIn();

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/home'), slow);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('keeps the session for this tab only unless "Remember me" is ticked', async () => {
    stubLogin(loginOk(ROLE_IDS.CUSTOMER));
    await signIn();
    await vi.waitFor(() => expect(getSession().isAuthenticated).toBe(true), slow);

    expect(sessionStorage.getItem('token')).toBe('t1');
    expect(sessionStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(sessionStorage.getItem('user') ?? 'null')).toMatchObject({ firstName: 'Kim' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session in localStorage when "Remember me" is ticked', async () => {
    stubLogin(loginOk(ROLE_IDS.CUSTOMER));
    await signIn('/auth/login', { remember: true });
    await vi.waitFor(() => expect(getSession().isAuthenticated).toBe(true), slow);

    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('returns to the page the guard remembered', async () => {
    stubLogin(loginOk(ROLE_IDS.CUSTOMER));
    const router = await signIn({ pathname: '/auth/login', state: { from: { pathname: '/deliveries', search: '?page=2' } } });

    expect(await screen.findByRole('heading', { name: 'My Deliveries' }, slow)).toBeVisible();
    expect(router.state.location.pathname + router.state.location.search).toBe('/deliveries?page=2');
  });

  it('goes to /auth/verify-otp with the e-mail and message when the server asks for verification', async () => {
    const message = 'Please verify your email to sign in: we have sent a 6-digit code to your email address.';
    stubLogin(json(200, { success: false, message, data: { user: { email: 'kim@medcourier.example' } } }));
    const router = await signIn();

    expect(await screen.findByRole('heading', { name: 'Verify Your Login' }, slow)).toBeVisible();
    expect(router.state.location.state).toMatchObject({ email: 'kim@medcourier.example', message, remember: false });
    expect(await toastText(message)).toBeVisible();
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('goes to /auth/verify-otp on the VERIFICATION_REQUIRED code, whatever the wording', async () => {
    const message = 'Check your inbox for a 6-digit code.';
    stubLogin(json(200, { success: false, message, error: 'VERIFICATION_REQUIRED', data: { user: { email: 'kim@medcourier.example' } } }));
    const router = await signIn();

    expect(await screen.findByRole('heading', { name: 'Verify Your Login' }, slow)).toBeVisible();
    expect(router.state.location.state).toMatchObject({ email: 'kim@medcourier.example', message });
  });

  it('asks for both fields without calling the server', async () => {
    const fetchMock = stubLogin(loginOk(ROLE_IDS.CUSTOMER));
    await signIn('/auth/login', { password: '' });

    expect(await inlineError(MESSAGES.loginFillAll)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [401, 'Invalid email or password', MESSAGES.login401],
    [403, 'Account locked', MESSAGES.login403],
    [404, 'No such user', MESSAGES.login404],
    [429, 'Slow down', MESSAGES.login429],
    [500, 'Database unavailable', 'Database unavailable'],
  ])('shows the fixed message for a %i inline and as a toast, and stays signed out', async (status, serverMessage, shown) => {
    stubLogin(json(status, { success: false, message: serverMessage }));
    await signIn();

    expect(await inlineError(shown)).toBeVisible();
    expect(await toastText(shown)).toBeVisible();
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('falls back to the generic message when a failure carries no message', async () => {
    stubLogin(new Response('', { status: 502 }));
    await signIn();

    expect(await inlineError(MESSAGES.loginOther)).toBeVisible();
  });

  it('says so when the server cannot be reached', async () => {
    stubLogin(() => {
      throw new TypeError('Failed to fetch');
    });
    await signIn();

    expect(await inlineError(MESSAGES.loginNoResponse)).toBeVisible();
  });

  it('rejects a response without a token, and one without a role', async () => {
    stubLogin(json(200, { success: true, data: { user: { _id: 'u1', roleId: ROLE_IDS.CUSTOMER } } }));
    await signIn();
    expect(await inlineError(MESSAGES.loginInvalidResponse)).toBeVisible();

    stubLogin(json(200, { success: true, data: { token: 't1', user: { _id: 'u1' } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await inlineError(MESSAGES.loginNoRole)).toBeVisible();
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('shows the password on demand', async () => {
    renderLogin();
    const password = await screen.findByLabelText('Password', {}, slow);
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });
});
