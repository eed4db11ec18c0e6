import { MESSAGES, ROLE_IDS } from '@courier/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { routeTree } from '@/app/router';
import { getSession } from '@/lib/session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// The API is the outside world: fetch answers the login call.
function stubLogin(response: Response) {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function signIn(initialEntry: string | { pathname: string; state: unknown } = '/auth/login') {
  const router = createMemoryRouter(routeTree, { initialEntries: [initialEntry] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'kim@medcourier.example' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'S3cure!pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return router;
}

const loginOk = (roleId: string) =>
  json(200, { success: true, message: 'ok', data: { token: 't1', refreshToken: 'r1', user: { _id: 'u1', firstName: 'Kim', roleId } } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('posts the credentials, stores the session and lands staff on /admin/dashboard', async () => {
    const fetchMock = stubLogin(loginOk(ROLE_IDS.STAFF));
    const router = await signIn();

    expect(await screen.findByRole('heading', { name: 'Dispatch Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'kim@medcourier.example', password: 'S3cure!pass' });
    expect(getSession()).toMatchObject({ isAuthenticated: true, token: 't1', refreshToken: 'r1', role: 'STAFF' });
  });

  it('returns to the page the guard remembered', async () => {
    stubLogin(loginOk(ROLE_IDS.CUSTOMER));
    const router = await signIn({ pathname: '/auth/login', state: { from: { pathname: '/deliveries', search: '?page=2' } } });

    expect(await screen.findByRole('heading', { name: 'My Deliveries' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/deliveries?page=2');
  });

  it('goes to /auth/verify-otp with the e-mail and message when the server asks for verification', async () => {
    stubLogin(json(200, { success: false, message: 'Please verify your email with the code we sent' }));
    const router = await signIn();

    expect(await screen.findByRole('heading', { name: 'Verify Your Login' })).toBeTruthy();
    expect(router.state.location.state).toEqual({
      email: 'kim@medcourier.example',
      message: 'Please verify your email with the code we sent',
    });
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('shows the SPEC message for a 401 inline and as a toast, and stays signed out', async () => {
    stubLogin(json(401, { success: false, message: 'Invalid credentials' }));
    await signIn();

    expect(await screen.findByText(MESSAGES.login401, { selector: 'form [role=alert]' })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.login401, { selector: '.Toastify *' })).toBeTruthy();
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('rejects a response without a role', async () => {
    stubLogin(json(200, { success: true, data: { token: 't1', user: { _id: 'u1' } } }));
    await signIn();

    expect(await screen.findByText(MESSAGES.loginNoRole, { selector: 'form [role=alert]' })).toBeTruthy();
    expect(getSession().isAuthenticated).toBe(false);
  });
});
