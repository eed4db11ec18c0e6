import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, MESSAGES, ROLE_IDS } from '@courier/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const person = {
  firstName: 'Jordan',
  lastName: 'Rivera',
  email: 'Jordan@Clinic.org',
  phone: '+1 617 555 0100',
  address: '55 Fruit St, Boston, MA 02114',
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const step = () => screen.getByRole('progressbar', { name: 'Sign-up progress' }).getAttribute('aria-valuenow');

/** Step 1 filled and left: the address step is showing, its address typed. */
async function fillToAddress() {
  await screen.findByLabelText('First name', {}, slow);
  type('First name', person.firstName);
  type('Last name', person.lastName);
  type('Email', person.email);
  type('Phone', person.phone);
  next();
  await screen.findByLabelText('Address');
  type('Address', person.address);
}

async function fillToSecurity() {
  await fillToAddress();
  fireEvent.change(screen.getByLabelText('Account type'), { target: { value: 'pharmacy' } });
  next();
  await screen.findByLabelText('Password');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-up wizard', () => {
  it('blocks Next until the step is complete, and starts the account type on a value it does not offer', async () => {
    renderRoute('/auth/signup');
    await screen.findByLabelText('First name', {}, slow);
    expect(step()).toBe('1');

    next();
    expect(await screen.findByText('First name is required')).toBeVisible();
    expect(screen.getByText('Last name is required')).toBeVisible();
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Phone is required')).toBeVisible();
    expect(step()).toBe('1');

    type('First name', person.firstName);
    type('Last name', person.lastName);
    type('Email', 'not-an-email');
    type('Phone', '12');
    type('Phone', 'call me');
    next();
    expect(await screen.findByText('Email must be a valid e-mail address')).toBeVisible();
    expect(screen.getByText('Phone must be a valid phone number')).toBeVisible();

    type('Email', person.email);
    type('Phone', person.phone);
    next();
    const accountType = (await screen.findByLabelText('Account type')) as HTMLSelectElement;
    expect(step()).toBe('2');
    expect(accountType.value).toBe('other');
    const offered = within(accountType)
      .getAllByRole('option')
      .filter((option) => !(option as HTMLOptionElement).disabled)
      .map((option) => (option as HTMLOptionElement).value);
    expect(offered).toEqual([...ACCOUNT_TYPES]);
    expect(within(accountType).getByRole('option', { name: ACCOUNT_TYPE_LABELS.hospital_clinic })).toBeVisible();

    type('Address', person.address);
    next();
    expect(await screen.findByText('Please select an account type')).toBeVisible();
    expect(step()).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe(person.firstName);
  });

  it('clears the account-type error as soon as a type is chosen, with the select still focused (as on a phone)', async () => {
    renderRoute('/auth/signup');
    await fillToAddress();
    // The new step focuses its heading on the next frame; a person cannot tap Next before it.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-step-heading'));
    next();
    expect(await screen.findByText('Please select an account type')).toBeVisible();
    const accountType = screen.getByLabelText('Account type');
    expect(document.activeElement).toBe(accountType);

    // No blur: the phone's picker leaves the select focused.
    fireEvent.change(accountType, { target: { value: 'pharmacy' } });
    await waitFor(() => expect(screen.queryByText('Please select an account type')).toBeNull());
    expect(document.activeElement).toBe(accountType);
    next();
    expect(await screen.findByLabelText('Password')).toBeVisible();
  });

  it('scores the password as the user types and ticks the requirements it meets', async () => {
    renderRoute('/auth/signup');
    await fillToSecurity();
    const password = screen.getByLabelText('Password');

    fireEvent.change(password, { target: { value: 'abc' } });
    expect(screen.getByText('Too Short')).toBeVisible();
    expect(screen.queryAllByText('(met)', { exact: false })).toHaveLength(0);

    fireEvent.change(password, { target: { value: 'Courier1' } });
    expect(screen.getByText('Weak')).toBeVisible();
    expect(password.className).toContain('border-amber-400');

    fireEvent.change(password, { target: { value: 'Courier1!' } });
    expect(screen.getByText('Medium')).toBeVisible();
    expect(password.className).toContain('border-emerald-500');

    fireEvent.change(password, { target: { value: 'courier' } });
    expect(screen.getByText('Too Short')).toBeVisible();
    expect(password.className).toContain('border-red-400');

    fireEvent.change(password, { target: { value: 'Courier1!long' } });
    expect(screen.getByText('Strong')).toBeVisible();
    const met = screen.getAllByText('(met)', { exact: false });
    expect(met).toHaveLength(4);
  });

  it('sends the registration with the customer role id, then opens the verify-your-email modal that leads to login', async () => {
    const { calls } = stubApi(() => json(201, { success: true, message: 'Account created.' }));
    const router = renderRoute('/auth/signup');
    await fillToSecurity();

    type('Password', 'Courier1');
    type('Confirm password', 'Courier1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must contain at least one special character (!@#$%^&)')).toBeVisible();

    type('Password', 'Courier1!');
    type('Confirm password', 'Courier1?');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MESSAGES.passwordsMismatch)).toBeVisible();
    expect(calls('/api/v1/auth/register')).toHaveLength(0);

    type('Confirm password', 'Courier1!');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    const dialog = await screen.findByRole('dialog', { name: MESSAGES.verifyYourEmail }, slow);
    expect(within(dialog).getByText(person.email)).toBeVisible();
    expect(await screen.findByText(MESSAGES.signupSuccess)).toBeVisible();
    expect(calls('/api/v1/auth/register')[0].body).toEqual({
      email: 'jordan@clinic.org',
      firstName: 'Jordan',
      lastName: 'Rivera',
      phone: '+1 617 555 0100',
      password: 'Courier1!',
      address: person.address,
      accountType: 'pharmacy',
      roleId: ROLE_IDS.CUSTOMER,
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to Login' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('goes to login when the modal is closed', async () => {
    stubApi(() => json(201, { success: true, message: 'Account created.' }));
    const router = renderRoute('/auth/signup');
    await fillToSecurity();
    type('Password', 'Courier1!');
    type('Confirm password', 'Courier1!');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it.each([
    ['a 409 with info', () => json(409, { success: false, info: 'E-mail already in use', message: 'Conflict' }), 'E-mail already in use'],
    [
      'a 409 with a message',
      () => json(409, { success: false, message: 'An account with this email already exists' }),
      'An account with this email already exists',
    ],
    ['a bare 409', () => new Response('', { status: 409 }), MESSAGES.signup409],
    [
      'a 400 with a message',
      () => json(400, { success: false, message: 'Phone must be a valid phone number' }),
      'Phone must be a valid phone number',
    ],
    ['a 500 with an error only', () => json(500, { success: false, error: 'Database offline' }), 'Database offline'],
    ['a 500 with nothing', () => new Response('', { status: 500 }), MESSAGES.signupServerError],
    [
      'no response',
      () => {
        throw new TypeError('Failed to fetch');
      },
      MESSAGES.signupNoResponse,
    ],
    ['an empty success', () => new Response('', { status: 201 }), MESSAGES.signupFailed],
  ])('shows the sign-up catalogue message for %s', async (_case, answer, shown) => {
    stubApi(answer);
    renderRoute('/auth/signup');
    await fillToSecurity();
    type('Password', 'Courier1!');
    type('Confirm password', 'Courier1!');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(shown, { selector: 'form [role=alert]' }, slow)).toBeVisible();
    expect(await screen.findByText(shown, { selector: '.Toastify *' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
