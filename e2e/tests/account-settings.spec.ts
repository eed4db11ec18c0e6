import { expect, test } from '../fixtures/index.js';
import { newPerson, registerVerified, signIn, submitLogin, toast } from './support/accounts.js';

test.describe('account settings', () => {
  test('updates the personal information; the e-mail stays read-only and the top bar shows the new name', async ({
    page,
    mail,
    request,
  }) => {
    const person = newPerson('profile');
    await registerVerified(request, mail, person);
    await signIn(page, person.email, person.password);

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/account-settings$/);

    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(person.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(page.getByText('Email cannot be changed here')).toBeVisible();

    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();

    await page.getByLabel('First name').fill('Morgan');
    await page.getByLabel('Phone').fill('+1 617 555 0199');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Personal information updated successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open profile menu' })).toContainText(`Morgan ${person.lastName}`);

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Morgan');
    await expect(page.getByLabel('Phone')).toHaveValue('+1 617 555 0199');
  });

  test('changes the password with show/hide toggles, then signs in with the new one', async ({ page, mail, request }) => {
    const person = newPerson('password');
    await registerVerified(request, mail, person);
    await signIn(page, person.email, person.password);
    await page.goto('/account-settings');
    const newPassword = 'Lab-Courier#77';

    const current = page.getByLabel('Current password', { exact: true });
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password', { exact: true });
    await expect(page.getByText('Password must:')).toBeVisible();

    await current.fill(person.password);
    await expect(current).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show current password' }).click();
    await expect(current).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide current password' }).click();
    await expect(current).toHaveAttribute('type', 'password');

    // A mismatch is caught before the server is asked.
    await next.fill(newPassword);
    await confirm.fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'New password and confirm password do not match')).toBeVisible();

    // A wrong current password comes back from the server.
    await current.fill('Wrong#Password1');
    await confirm.fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Current password is incorrect')).toBeVisible();

    await current.fill(person.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Password changed successfully')).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');
    await mail.waitFor({ to: person.email, subject: /password was changed/i });

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await submitLogin(page, person.email, person.password);
    await expect(page.locator('form [role=alert]')).toHaveText('Invalid email or password. Please try again.');
    await signIn(page, person.email, newPassword);
  });

  test('saves the notification preferences', async ({ page, mail, request }) => {
    const person = newPerson('prefs');
    await registerVerified(request, mail, person);
    await signIn(page, person.email, person.password);
    await page.goto('/account-settings');

    const sms = page.getByRole('switch', { name: 'SMS updates' });
    const marketing = page.getByRole('switch', { name: 'Marketing emails' });
    const before = await sms.getAttribute('aria-checked');
    await sms.click();
    await marketing.click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(toast(page, 'Notification preferences updated successfully')).toBeVisible();

    await page.reload();
    await expect(sms).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
    await expect(page.getByRole('button', { name: 'Save preferences' })).toBeDisabled();
  });

  test('deletes the account after confirming, then signs out to /auth/login for good', async ({ page, mail, request }) => {
    const person = newPerson('delete');
    await registerVerified(request, mail, person);
    await signIn(page, person.email, person.password);
    // Visiting the list leaves its cache (localStorage deliveries and deliveriesStats), which the deletion must clear with the session.
    await page.goto('/deliveries');
    await expect(page.getByText('No deliveries found')).toBeVisible();
    await page.goto('/account-settings');

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(toast(page, 'Account deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => [sessionStorage.getItem('token'), localStorage.getItem('token')])).toEqual([null, null]);
    expect(await page.evaluate(() => [localStorage.getItem('deliveries'), localStorage.getItem('deliveriesStats')])).toEqual([null, null]);

    // Signed out: the settings page asks for a login again, and the account no longer signs in.
    await page.goto('/account-settings');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await submitLogin(page, person.email, person.password);
    await expect(page.locator('form [role=alert]')).toHaveText('Invalid email or password. Please try again.');
  });
});
