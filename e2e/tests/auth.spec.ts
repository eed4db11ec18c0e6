import { expect, test } from '../fixtures/index.js';
import { newPerson, registerUnverified, registerVerified, signIn, submitLogin, toast, verificationLink } from './support/accounts.js';

test.describe('accounts: sign-up, verification, sign-in and password reset', () => {
  test('signs up through the three-step wizard, verifies from the e-mail link, signs in and lands on /user/home', async ({
    page,
    mail,
  }) => {
    const person = newPerson('wizard');
    await page.goto('/auth/signup');
    await expect(page.getByRole('progressbar', { name: 'Sign-up progress' })).toHaveAttribute('aria-valuenow', '1');

    // Step 1, Personal Info: every field is required.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Phone').fill(person.phone);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2, Address: the account type starts on 'other', which is not offered.
    await expect(page.getByRole('progressbar', { name: 'Sign-up progress' })).toHaveAttribute('aria-valuenow', '2');
    await page.getByLabel('Address').fill(person.address);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please select an account type')).toBeVisible();
    await page.getByLabel('Account type').selectOption(person.accountType);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3, Security: strength meter, requirements box and confirmation.
    await expect(page.getByRole('progressbar', { name: 'Sign-up progress' })).toHaveAttribute('aria-valuenow', '3');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('courierx');
    await expect(page.getByText('Password strength: Poor')).toBeVisible();
    await password.fill('Courier1');
    await expect(page.getByText('Password strength: Weak')).toBeVisible();
    await page.getByLabel('Confirm password', { exact: true }).fill('Courier1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must contain at least one special character (!@#$%^&)')).toBeVisible();
    await password.fill(person.password);
    await expect(page.getByText('Password strength: Strong')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(toast(page, 'Registration successful! Please check your email for verification.')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Verify your email' });
    await expect(dialog).toContainText(person.email);
    await dialog.getByRole('button', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    // The link in the captured e-mail verifies, then the page moves on to the login after 3 s.
    const link = await verificationLink(mail, person.email);
    await page.goto(link);
    await expect(page.getByText('Email verified successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 6_000 });
    // A link works once.
    await page.goto(link);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

    await submitLogin(page, person.email, person.password);
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/home$/);
    await expect(page.getByRole('button', { name: 'Open profile menu' })).toContainText(`${person.firstName} ${person.lastName}`);
  });

  test('answers an e-mail that is already registered as a new one, and e-mails its owner instead', async ({ page, app, mail }) => {
    const taken = app.account('CUSTOMER').email;
    const person = { ...newPerson('taken'), email: taken };
    await page.goto('/auth/signup');
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Phone').fill(person.phone);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Address').fill(person.address);
    await page.getByLabel('Account type').selectOption(person.accountType);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    // Nothing on screen tells that the address has an account: the same toast and modal as a new sign-up.
    await expect(toast(page, 'Registration successful! Please check your email for verification.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Verify your email' })).toContainText(person.email);
    // The owner learns of it, with a way in.
    const notice = await mail.waitFor({ to: taken, subject: /tried to sign up/i });
    expect(notice.text).toMatch(/\/auth\/login/);
    expect(notice.text).toMatch(/\/auth\/request-password/);
  });

  test('signs in with an unverified e-mail: receives the code, enters it and lands on /user/home', async ({ page, mail, request }) => {
    const person = newPerson('otp');
    await registerUnverified(request, person);

    await submitLogin(page, person.email, person.password);
    await expect(page).toHaveURL(/\/auth\/verify-otp$/);
    await expect(page.getByRole('heading', { name: 'Verify Your Login' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /verify/i })).toBeVisible();
    await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();

    const message = await mail.waitFor({ to: person.email, subject: /sign-in code/i });
    const code = /\b(\d{6})\b/.exec(message.text)?.[1];
    expect(code, message.text).toBeTruthy();

    // A wrong code is refused with the server's reason.
    const wrong = code === '000000' ? '111111' : '000000';
    const input = page.getByLabel('Verification code');
    await input.fill(wrong);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.locator('form [role=alert]')).toContainText(/invalid or expired code/i);

    await input.fill(code as string);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/home$/);

    // The code proved the address: the next sign-in needs no code.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page, person.email, person.password);
  });

  test('forgets and resets the password, then signs in with the new one only', async ({ page, mail, request }) => {
    const person = newPerson('reset');
    await registerVerified(request, mail, person);
    const newPassword = 'Courier#Reset9';

    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/request-password$/);
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const notice = 'If an account exists with this email, you will receive password reset instructions.';
    await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();

    const message = await mail.waitFor({ to: person.email, subject: /reset/i });
    const link = message.links.find((href) => href.includes('/auth/reset-password?token='));
    expect(link, message.text).toBeTruthy();
    await page.goto(link as string);

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill('Courier#Reset8');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(toast(page, 'Password reset successful! You can now log in with your new password.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);

    // The old password no longer works; the new one does.
    await submitLogin(page, person.email, person.password);
    await expect(page.locator('form [role=alert]')).toHaveText('Invalid email or password. Please try again.');
    await signIn(page, person.email, newPassword);
  });

  test('shows what is missing on the token pages opened without a token', async ({ page }) => {
    await page.goto('/auth/reset-password');
    await expect(page.locator('form [role=alert]')).toContainText('Reset token is missing');
    await page.goto('/auth/verify-email');
    await expect(page.getByRole('alert')).toContainText('Verification token is missing');
  });
});
