/**
 * A lab run's setup through the real API (bookings with pieces, dispatch's approve and assign), the receiving link
 * as the delivered e-mail carries it, and screenshots of one page at a phone's and a desktop's width. Shared by the
 * pieces and lab-door journeys.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { MailSink } from '../../fixtures/index.js';

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A datetime-local value as the browser (New York) reads it. */
export const localInput = (date: Date) =>
  date.toLocaleString('sv-SE', { timeZone: 'America/New_York', dateStyle: 'short', timeStyle: 'short' }).replace(' ', 'T');

export interface PieceRequest {
  kind: 'bag' | 'box' | 'cooler' | 'tote' | 'tube' | 'envelope';
  accession?: string;
  description?: string;
}

/** A specimen (exempt, ambient) booked through POST /api/v1/deliveries with its pieces. */
export async function bookSpecimen(
  request: APIRequestContext,
  token: string,
  booking: { pickupAddress: string; deliveryAddress: string; recipientEmail: string; pieces: PieceRequest[]; recipientName?: string },
): Promise<{ id: string; orderId: string }> {
  const response = await request.post('/api/v1/deliveries', {
    headers: auth(token),
    data: {
      senderPhone: '+1 617 555 0100',
      pickupAddress: booking.pickupAddress,
      recipientName: booking.recipientName ?? 'Core Lab Receiving',
      recipientPhone: '617-555-0177',
      recipientEmail: booking.recipientEmail,
      deliveryAddress: booking.deliveryAddress,
      requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      packageType: 'SPECIMEN',
      packageSize: 'medium',
      deliveryType: 'EXPRESS',
      specimen: { category: 'exempt', collectedAt: new Date(Date.now() - 3_600_000).toISOString(), stableForHours: 48 },
      pieces: booking.pieces,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { _id: string; data: { orderId: string } };
  return { id: body._id, orderId: body.data.orderId };
}

/** Dispatch approves a request and assigns it to the driver of that first name. */
export async function approveAndAssign(request: APIRequestContext, staffToken: string, deliveryId: string, driverFirstName = 'Marcus') {
  const approved = await request.post(`/api/v1/admin/deliveries/${deliveryId}/approve`, { headers: auth(staffToken), data: {} });
  expect(approved.ok(), await approved.text()).toBe(true);
  const drivers = (await (await request.get('/api/v1/admin/drivers', { headers: auth(staffToken) })).json()) as {
    data: Array<{ _id: string; firstName: string }>;
  };
  const driver = drivers.data.find((d) => d.firstName === driverFirstName);
  expect(driver, `a driver named ${driverFirstName}`).toBeTruthy();
  const assigned = await request.post(`/api/v1/admin/deliveries/${deliveryId}/assign`, {
    headers: auth(staffToken),
    data: { driverId: driver?._id },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
}

/** The path of the receiving page (/receive/{token}) from the delivered e-mail to the lab, as the lab opens it. */
export async function receivingPath(mail: MailSink, recipientEmail: string): Promise<string> {
  const delivered = await mail.waitFor({ to: recipientEmail, where: (m) => m.text.includes('/receive/'), timeoutMs: 30_000 });
  const link = delivered.text.match(/https?:\/\/\S+\/receive\/\S+/)?.[0];
  expect(link, `a receiving link in: ${delivered.text}`).toBeTruthy();
  return new URL(link as string).pathname;
}

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;

/**
 * Full-page screenshots of the page as it is at a phone's (390x844) and a desktop's (1366x900) size, when the folder
 * is named; the page gets its own size back afterwards.
 */
export const screenshotsBothTo =
  (folder: string | undefined) =>
  async (page: Page, name: string): Promise<void> => {
    if (!folder) return;
    const own = page.viewportSize();
    for (const [size, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      // Let layout (and any media-query driven component) settle at the new width.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: `${folder}/${name}-${size}.png`, fullPage: true });
    }
    if (own) await page.setViewportSize(own);
  };
