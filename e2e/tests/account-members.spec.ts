import { expectAccessible } from '../fixtures/accessibility.js';
import { expect, test } from '../fixtures/index.js';
import type { Page } from '@playwright/test';
import { newPerson, registerVerified, submitLogin, toast } from './support/accounts.js';
import { desktop, loopbackPage, phone } from './support/personas.js';

/** Signs in through the login page; the landing can be slow on a busy machine. */
async function signIn(page: Page, email: string, password: string) {
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/user\/home$/, { timeout: 20_000 });
}

test.describe('customer accounts: a clinic owner and the people who book for it', () => {
  test('the owner invites a nurse by e-mail, the nurse sets a password and books, the owner sees who booked it', async ({
    page,
    browser,
    mail,
    request,
    baseURL,
  }) => {
    // Two people, two browsers and five axe runs: longer than one person's journey.
    test.setTimeout(150_000);
    const owner = { ...newPerson('owner'), firstName: 'Olivia', lastName: 'Marsh', organisation: 'Harbor Clinic' };
    await registerVerified(request, mail, owner);
    const nurseEmail = newPerson('nurse').email;

    // The owner opens Account from the sidebar: the clinic, their role, its members; axe clean.
    await page.setViewportSize(desktop.viewport as { width: number; height: number });
    await signIn(page, owner.email, owner.password);
    await page.getByRole('link', { name: 'Account', exact: true }).first().click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Harbor Clinic' })).toBeVisible();
    await expect(page.getByText('Your role: Owner')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Members' })).toContainText(owner.email);
    await expectAccessible(page, 'account page (owner)');

    // The invitation: an e-mail with a link, listed as pending until it is used.
    await page.getByLabel('E-mail').fill(nurseEmail);
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, `Invitation sent to ${nurseEmail}`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(nurseEmail);
    await expectAccessible(page, 'account page with a pending invitation');
    const message = await mail.waitFor({ to: nurseEmail, subject: /invited to join Harbor Clinic/ });
    const link = message.links.find((href) => href.includes('/account/invitation?token='));
    expect(link, message.text).toBeTruthy();

    // The nurse, on a phone, follows the link and sets a password.
    const nurse = await loopbackPage(browser, baseURL as string, phone);
    await nurse.goto(link as string);
    await expect(nurse.getByRole('heading', { name: 'Join Harbor Clinic' })).toBeVisible();
    await expectAccessible(nurse, 'invitation page (new person)');
    await nurse.getByLabel('First name').fill('Nina');
    await nurse.getByLabel('Last name').fill('Reyes');
    await nurse.locator('#inv-password').fill('Specimen#2026');
    await nurse.locator('#inv-confirm').fill('Specimen#2026');
    await nurse.getByRole('button', { name: 'Set my password and join' }).click();
    await expect(nurse).toHaveURL(/\/auth\/login$/);
    await signIn(nurse, nurseEmail, 'Specimen#2026');
    await nurse.goto('/account');
    await expect(nurse.getByRole('heading', { name: 'Harbor Clinic' })).toBeVisible();
    await expect(nurse.getByText('Your role: Member')).toBeVisible();
    await expectAccessible(nurse, 'account page (member)');
    // The link worked once.
    await nurse.goto(link as string);
    await expect(nurse.getByText('This invitation link is invalid, expired or already used')).toBeVisible();

    // The nurse books (through the API, as the booking form's own journey covers the form).
    const login = await request.post('/api/v1/auth/login', { data: { email: nurseEmail, password: 'Specimen#2026' } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const booked = await request.post('/api/v1/deliveries', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        senderPhone: '+1 617 555 0134',
        pickupAddress: '55 Fruit St, Boston, MA 02114',
        recipientName: 'Dr. Lena Park',
        recipientPhone: '+16175550100',
        recipientEmail: 'lena.park@example.test',
        deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
        requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        packageType: 'PARCEL',
        packageSize: 'small',
        deliveryType: 'STANDARD',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const orderId = ((await booked.json()) as { data: { orderId: string } }).data.orderId;
    await nurse.goto('/deliveries');
    await expect(nurse.getByText(`#${orderId}`)).toBeVisible();
    await expect(nurse.getByLabel('Booked by')).toHaveCount(0);

    // The owner sees the nurse's booking with who booked it, and narrows the list to her (kept in the URL).
    await page.goto('/deliveries');
    // A desktop list this narrow (the sidebar open) shows cards; each names who booked it.
    const row = page.getByRole('listitem').filter({ hasText: `#${orderId}` });
    await expect(row).toContainText('Nina Reyes');
    await page.getByLabel('Booked by').selectOption({ label: 'Nina Reyes' });
    await expect(page).toHaveURL(/bookedBy=[0-9a-f-]{36}/);
    await expect(row).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Booked by')).toHaveValue(/[0-9a-f-]{36}/);
    await expect(page.getByRole('listitem').filter({ hasText: `#${orderId}` })).toContainText('Booked byNina Reyes');
    await expectAccessible(page, 'my deliveries with Booked by');
    // And opens it: the account's owner reads every delivery of the account.
    await page
      .getByRole('listitem')
      .filter({ hasText: `#${orderId}` })
      .getByRole('link', { name: 'View Details' })
      .click();
    await expect(page.getByRole('heading', { name: `Delivery #${orderId}` })).toBeVisible();
    await nurse.context().close();
  });
});
