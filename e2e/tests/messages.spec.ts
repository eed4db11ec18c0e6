import { type APIRequestContext, expect as apiExpect } from '@playwright/test';
import sharp from 'sharp';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';

const png = () =>
  sharp({ create: { width: 60, height: 30, channels: 4, background: { r: 20, g: 20, b: 20, alpha: 1 } } })
    .png()
    .toBuffer();

/** Calls the API as someone and expects success. */
async function call(request: APIRequestContext, token: string, method: 'post' | 'get', url: string, options: Record<string, unknown> = {}) {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, ...options });
  apiExpect(res.ok(), `${method.toUpperCase()} ${url} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.json();
}

test.describe('messages to the recipient', () => {
  test('the pickup e-mail links to tracking, the delivery e-mail to feedback, and the unsubscribe link works', async ({
    page,
    request,
    app,
    mail,
  }) => {
    const recipient = `recipient-${Date.now().toString(36)}@example.test`;
    const customer = await loginViaApi(request, app.account('CUSTOMER'));
    const staff = await loginViaApi(request, app.account('ADMIN'));
    const driverAccount = app.account('DRIVER');
    const driver = await loginViaApi(request, driverAccount);

    // A fresh request, so no other journey's parcel is moved.
    const created = await call(request, customer, 'post', '/api/v1/deliveries', {
      multipart: {
        senderPhone: '+1 (617) 555-0100',
        pickupAddress: '55 Fruit St, Boston, MA 02114',
        recipientName: 'Jordan Lee',
        recipientPhone: '617-555-0199',
        recipientEmail: recipient,
        deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
        requiredBy: new Date(Date.now() + 30 * 3_600_000).toISOString(),
        packageType: 'DOCUMENT',
        packageSize: 'small',
        deliveryType: 'STANDARD',
      },
    });
    const { _id: id, orderId } = created.data as { _id: string; orderId: string };
    const drivers = (await call(request, staff, 'get', '/api/v1/admin/drivers')).data as { _id: string; email: string }[];
    const driverId = drivers.find((d) => d.email === driverAccount.email)?._id;
    await call(request, staff, 'post', `/api/v1/admin/deliveries/${id}/approve`, { data: {} });
    await call(request, staff, 'post', `/api/v1/admin/deliveries/${id}/assign`, { data: { driverId } });
    await call(request, driver, 'post', `/api/v1/driver/deliveries/${id}/status`, { data: { status: 'moving_to_pickup_location' } });
    await call(request, driver, 'post', `/api/v1/driver/deliveries/${id}/status`, {
      data: { status: 'picked_up', scannedOrderId: orderId },
    });

    // Picked up: the recipient's e-mail names only the order and the status, and its link opens tracking.
    const pickedUp = await mail.waitFor({ to: recipient, subject: new RegExp(`^${orderId}: Picked up$`) });
    expect(pickedUp.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const trackLink = pickedUp.links.find((l) => l.endsWith(`/track/${orderId}`));
    expect(trackLink).toBeTruthy();
    await page.goto(trackLink as string);
    await expect(page.getByRole('heading', { name: orderId })).toBeVisible();

    await call(request, driver, 'post', `/api/v1/driver/deliveries/${id}/status`, { data: { status: 'in_transit' } });
    await call(request, driver, 'post', `/api/v1/driver/deliveries/${id}/pod`, {
      multipart: {
        recipientName: 'Nurse Ama Boateng',
        signature: { name: 'signature.png', mimeType: 'image/png', buffer: await png() },
      },
    });

    // Delivered: the feedback link opens the feedback form of this order.
    const delivered = await mail.waitFor({ to: recipient, subject: new RegExp(`^${orderId}: Delivered$`) });
    const feedbackLink = delivered.links.find((l) => l.endsWith(`/track/${orderId}/feedback`));
    expect(feedbackLink).toBeTruthy();
    await page.goto(feedbackLink as string);
    await expect(page.getByText(`#${orderId}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Feedback' })).toBeVisible();

    // The unsubscribe link of the e-mail: a page that asks, then confirms.
    const unsubscribe = delivered.links.find((l) => l.includes('/api/v1/unsubscribe/'));
    expect(unsubscribe).toBeTruthy();
    await page.goto(unsubscribe as string);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from delivery e-mails?' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(page.getByText(recipient)).toBeVisible();
  });
});
