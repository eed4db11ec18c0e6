import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/index.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { newPerson, registerVerified, signIn } from './support/accounts.js';

interface Booked {
  _id: string;
  orderId: string;
}

/** Books through the API, as the customer would have done on an earlier day. */
async function book(request: APIRequestContext, token: string, recipientName: string, deliveryAddress: string): Promise<Booked> {
  const response = await request.post('/api/v1/deliveries', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      senderPhone: '+16175550134',
      pickupAddress: '55 Fruit St, Boston, MA 02114',
      recipientName,
      recipientPhone: '+16175550123',
      recipientEmail: 'dana@example.test',
      deliveryAddress,
      requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      packageType: 'MEDICATION',
      packageSize: 'medium',
      deliveryType: 'EXPRESS',
      specialInstructions: 'Keep cold',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Booked }).data;
}

/** Types into the top bar's search and presses Enter; on a phone the box opens from its button first. */
async function search(page: Page, phone: boolean, text: string) {
  if (phone) await page.getByRole('button', { name: 'Search deliveries' }).click();
  const box = page.getByRole('searchbox', { name: 'Search deliveries...' });
  await box.fill(text);
  await box.press('Enter');
}

/** A time two days ahead in the datetime-local format. */
function inTwoDays(): string {
  const at = new Date(Date.now() + 2 * 86_400_000);
  at.setHours(10, 30, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  test.describe(`find and book again (${name})`, () => {
    test.use({ viewport });
    const phone = name === 'phone';

    test('the header search finds a delivery; book again fills the form; a saved recipient is offered and chosen', async ({
      page,
      request,
      mail,
    }) => {
      const person = newPerson(`find-${name}`);
      await registerVerified(request, mail, person);
      const token = await loginViaApi(request, person);
      const dana = await book(request, token, 'Dana Whitfield', '1 Kendall Sq, Cambridge, MA 02139');
      const omar = await book(request, token, 'Omar Haddad', '330 Brookline Ave, Boston, MA 02215');
      await signIn(page, person.email, person.password);

      // A recipient's name narrows My Deliveries to the match, with the search shown and clearable.
      await search(page, phone, 'whitfield');
      await expect(page).toHaveURL(/\/deliveries\?q=whitfield$/);
      await expect(page.getByText('Showing deliveries matching “whitfield”')).toBeVisible();
      await expect(page.getByText(`#${dana.orderId}`)).toBeVisible();
      await expect(page.getByText(`#${omar.orderId}`)).toHaveCount(0);
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect(page).toHaveURL(/\/deliveries$/);
      await expect(page.getByText(`#${omar.orderId}`)).toBeVisible();

      await search(page, phone, 'Nobody Atall');
      await expect(page.getByText('No deliveries found')).toBeVisible();

      // A full tracking number, with '#' and in lower case, opens the delivery itself.
      await search(page, phone, `#${dana.orderId.toLowerCase()}`);
      await expect(page).toHaveURL(new RegExp(`/delivery/${dana._id}$`));
      await expect(page.getByRole('heading', { name: `Delivery #${dana.orderId}` })).toBeVisible();

      // Book again: the form starts from that delivery, all but required-by.
      await page.getByRole('link', { name: 'Book again' }).click();
      await expect(page).toHaveURL(new RegExp(`/order-delivery\\?again=${dana._id}$`));
      await expect(page.getByLabel('Pickup address')).toHaveValue('55 Fruit St, Boston, MA 02114');
      await expect(page.getByLabel('Sender phone')).toHaveValue('+16175550134');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByLabel('Recipient name')).toHaveValue('Dana Whitfield');
      await expect(page.getByLabel('Delivery address')).toHaveValue('1 Kendall Sq, Cambridge, MA 02139');
      await expect(page.getByLabel('Required by (date and time)')).toHaveValue('');
      await page.getByLabel('Required by (date and time)').fill(inTwoDays());
      await page.getByLabel('Save this recipient for next time').check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByLabel('Package type')).toHaveValue('MEDICATION');
      await expect(page.getByRole('radio', { name: /Medium/ })).toBeChecked();
      await expect(page.getByRole('radio', { name: /Express/ })).toBeChecked();
      await expect(page.getByLabel('Special instructions')).toHaveValue('Keep cold');
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expect(page.getByRole('status')).toContainText('submitted');

      // The saved recipient is offered first in a new request and fills the recipient in one go.
      await page.goto('/order-delivery');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Recipient name').focus();
      const offered = page.getByRole('option', { name: /Dana Whitfield/ });
      await expect(offered).toBeVisible();
      await offered.click();
      await expect(page.getByLabel('Recipient name')).toHaveValue('Dana Whitfield');
      await expect(page.getByLabel('Recipient phone')).toHaveValue('+16175550123');
      await expect(page.getByLabel('Recipient e-mail')).toHaveValue('dana@example.test');
      await expect(page.getByLabel('Delivery address')).toHaveValue('1 Kendall Sq, Cambridge, MA 02139');

      // And it is listed in account settings, where it can be renamed and deleted.
      await page.goto('/account-settings');
      const addressBook = page.getByRole('list', { name: 'Saved addresses' });
      await addressBook.getByRole('button', { name: 'Rename Dana Whitfield' }).click();
      await page.getByLabel('New name for Dana Whitfield').fill('Kendall pharmacy');
      await addressBook.getByRole('button', { name: 'Save' }).click();
      await expect(addressBook.getByRole('button', { name: 'Rename Kendall pharmacy' })).toBeVisible();
      await addressBook.getByRole('button', { name: 'Delete Kendall pharmacy' }).click();
      await expect(page.getByText('Nothing saved yet.', { exact: false })).toBeVisible();
    });
  });
}
