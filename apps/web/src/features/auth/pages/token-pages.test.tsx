import { MESSAGES, ROLE_IDS } from '@courier/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const inline = (text: string) => screen.findByText(text, { selector: 'form [role=alert]' }, slow);
const toastText = (text: string) => screen.findByText(text, { selector: '.Toastify *' }, slow);

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('forgot password', () => {
  it('always answers with the neutral notice on success', async () => {
    const { calls } = stubApi(() => json(200, { success: true, message: 'whatever the server says' }));
    renderRoute('/auth/request-password');
    await screen.findByLabelText('Email', {}, slow);
    type('Email', 'nurse@clinic.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(MESSAGES.forgotSuccess, { selector: '[role=status]' }, slow)).toBeVisible();
    expect(calls('/api/v1/auth/forgot-password')[0].body).toEqual({ email: 'nurse@clinic.org' });
  });

  it.each([
    [json(429, { success: false, message: 'Too many requests. Please try again later.' }), 'Too many requests. Please try again later.'],
    [new Response('', { status: 500 }), MESSAGES.forgotFailed],
  ])('shows the server message or the fallback on failure', async (answer, shown) => {
    stubApi(() => answer);
    renderRoute('/auth/request-password');
    await screen.findByLabelText('Email', {}, slow);
    type('Email', 'nurse@clinic.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await inline(shown)).toBeVisible();
    expect(await toastText(shown)).toBeVisible();
  });
});

describe('reset password', () => {
  it('says the token is missing and sends nothing without one', async () => {
    const { fetchMock } = stubApi(() => json(200, { success: true }));
    renderRoute('/auth/reset-password');
    expect(await inline(MESSAGES.resetTokenMissing)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reset password' })).toHaveProperty('disabled', true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the confirmation, sends token and new password, then goes to login with the success toast', async () => {
    const { calls } = stubApi(() => json(200, { success: true, message: MESSAGES.resetSuccess }));
    const router = renderRoute('/auth/reset-password?token=tok-123');
    await screen.findByLabelText('New password', {}, slow);
    type('New password', 'Courier1!');
    type('Confirm new password', 'Courier1?');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.passwordsMismatch)).toBeVisible();
    expect(calls('/api/v1/auth/reset-password')).toHaveLength(0);

    type('Confirm new password', 'Courier1!');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await toastText(MESSAGES.resetSuccess)).toBeVisible();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(calls('/api/v1/auth/reset-password')[0].body).toEqual({ token: 'tok-123', newPassword: 'Courier1!' });
  });

  it.each([
    [json(400, { success: false, message: 'This reset link is invalid or has expired.' }), 'This reset link is invalid or has expired.'],
    [new Response('', { status: 500 }), MESSAGES.resetFailed],
    [json(200, { success: false }), MESSAGES.resetFailed],
  ])('shows the server message or the fallback on failure', async (answer, shown) => {
    stubApi(() => answer);
    renderRoute('/auth/reset-password?token=tok-123');
    await screen.findByLabelText('New password', {}, slow);
    type('New password', 'Courier1!');
    type('Confirm new password', 'Courier1!');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await inline(shown)).toBeVisible();
    // Said once, inline: no toast repeats it (a toast would show within a few ms of the message).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('an invitation\'s link offers "Set password"', async () => {
    stubApi(() => json(200, { success: true }));
    renderRoute('/auth/reset-password?token=tok-123&welcome=1');
    expect(await screen.findByRole('button', { name: 'Set password' }, slow)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
  });
});

describe('verify email', () => {
  it('says the token is missing', async () => {
    renderRoute('/auth/verify-email');
    expect(await screen.findByText(MESSAGES.verifyTokenMissing, {}, slow)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/auth/login');
  });

  it('verifies once, shows the fallback success message and moves on to login after 3 s', async () => {
    const { calls } = stubApi(() => json(200, { success: true }));
    const router = renderRoute('/auth/verify-email?token=abc');
    expect(await screen.findByText(MESSAGES.verifySuccess, {}, slow)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeVisible();
    const shownAt = Date.now();

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500);
    expect(calls('/api/v1/auth/verify-email').map((call) => call.url)).toEqual(['/api/v1/auth/verify-email?token=abc']);
  });

  it.each([
    [
      json(400, { success: false, message: 'This verification link is invalid or has expired.' }),
      'This verification link is invalid or has expired.',
    ],
    [new Response('', { status: 500 }), MESSAGES.verifyFailed],
  ])('shows the server message or the fallback on failure', async (answer, shown) => {
    stubApi(() => answer);
    renderRoute('/auth/verify-email?token=abc');
    expect(await screen.findByText(shown, {}, slow)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  });
});

describe('verify login code', () => {
  const state = { email: 'kim@clinic.org', message: 'Please verify your email to sign in.', remember: false };
  const signedIn = json(200, {
    success: true,
    message: 'Login successful!',
    data: { token: 't1', refreshToken: 'r1', user: { _id: 'u1', firstName: 'Kim', roleId: ROLE_IDS.CUSTOMER } },
  });

  it('shows the message it was given, signs in with the 6-digit code and lands by role', async () => {
    const { calls } = stubApi(() => signedIn);
    const router = renderRoute({ pathname: '/auth/verify-otp', state });
    expect(await screen.findByText(state.message, {}, slow)).toBeVisible();
    const input = screen.getByLabelText('Verification code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');

    fireEvent.change(input, { target: { value: '12a 34' } });
    expect((input as HTMLInputElement).value).toBe('1234');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await inline('Please enter the 6-digit code from the e-mail')).toBeVisible();
    expect(calls('/api/v1/auth/verify-otp')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/home'), slow);
    expect(await toastText(MESSAGES.loginSuccess)).toBeVisible();
    expect(calls('/api/v1/auth/verify-otp')[0].body).toEqual({ email: 'kim@clinic.org', otp: '123456' });
    expect(getSession()).toMatchObject({ isAuthenticated: true, role: 'CUSTOMER' });
    expect(sessionStorage.getItem('token')).toBe('t1');
  });

  it("shows the server's reason for a wrong code", async () => {
    stubApi(() => json(400, { success: false, message: 'Invalid or expired code. Please check the code or request a new one.' }));
    renderRoute({ pathname: '/auth/verify-otp', state });
    fireEvent.change(await screen.findByLabelText('Verification code', {}, slow), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await inline('Invalid or expired code. Please check the code or request a new one.')).toBeVisible();
    expect(getSession().isAuthenticated).toBe(false);
    // Said once, inline: no toast repeats it (a toast would show within a few ms of the message).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('offers to resend the code only after the countdown', async () => {
    renderRoute({ pathname: '/auth/verify-otp', state });
    const resend = await screen.findByRole('button', { name: /Resend code in \d+s/ }, slow);
    expect(resend).toHaveProperty('disabled', true);
  });

  it('asks for a sign-in first when opened without an e-mail', async () => {
    renderRoute('/auth/verify-otp');
    expect(await screen.findByText(/Sign in with your e-mail and password first/, {}, slow)).toBeVisible();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
  });
});
