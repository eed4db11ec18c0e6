/**
 * The dispatch journeys' day: a business time zone where it is now a given hour (shifts cannot cross midnight),
 * Boston pickups and drops the offline geocoder knows, routine or STAT bookings, approvals, and the office's and
 * drivers' browsers on that zone's clock.
 */
import { type APIRequestContext, type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import type { RunningServer } from '../../fixtures/index.js';
import { personaPage } from './personas.js';

/** An Etc/GMT zone whose clock reads `hour`:xx now (Etc/GMT-N is UTC+N). */
export function zoneAt(hour: number): string {
  const offset = ((hour - new Date().getUTCHours() + 36) % 24) - 12;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

export const PICKUPS = ['55 Fruit St, Boston, MA 02114', '1 Kendall Sq, Cambridge, MA 02139', '800 Washington St, Boston, MA 02111'];
export const DROPS = [
  '330 Brookline Ave, Boston, MA 02215',
  '10 Main St, Charlestown, MA 02129',
  '20 Broadway, Somerville, MA 02145',
  '5 Harvard Sq, Cambridge, MA 02138',
  '75 Centre St, Jamaica Plain, MA 02130',
  '12 Dorchester Ave, Boston, MA 02127',
  '1 Beacon St, Brookline, MA 02446',
  '9 Hancock St, Quincy, MA 02169',
  '40 Washington St, Newton, MA 02458',
  '3 Salem St, Medford, MA 02155',
];

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface JobOptions {
  priority?: 'routine' | 'stat';
  drops?: readonly string[];
  /** the recipient's name before the job's number */
  ward?: string;
}

/** Books job `i` (its pickup and drop taken in turn from the lists), due in five hours. */
export async function bookJob(request: APIRequestContext, token: string, i: number, options: JobOptions = {}) {
  const { priority = 'routine', drops = DROPS, ward = 'Ward' } = options;
  const response = await request.post('/api/v1/deliveries', {
    headers: auth(token),
    data: {
      senderPhone: '+1 617 555 0100',
      pickupAddress: PICKUPS[i % PICKUPS.length],
      recipientName: `${ward} ${i + 1}`,
      recipientPhone: '617-555-0123',
      recipientEmail: `ward${i + 1}@example.test`,
      deliveryAddress: drops[i % drops.length],
      requiredBy: new Date(Date.now() + 5 * 3_600_000).toISOString(),
      packageType: 'MEDICATION',
      packageSize: 'small',
      deliveryType: 'EXPRESS',
      priority,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { _id: string; data: { orderId: string } };
  return { id: body._id, orderId: body.data.orderId };
}

export async function approveJob(request: APIRequestContext, token: string, id: string) {
  const response = await request.post(`/api/v1/admin/deliveries/${id}/approve`, { headers: auth(token), data: {} });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A seeded person (`ADMIN`, `STAFF`, `DRIVER`, ...) signed in, on the journey's clock. */
export function rolePage(
  browser: Browser,
  server: RunningServer,
  options: BrowserContextOptions,
  role: string,
  timezoneId: string,
): Promise<Page> {
  const account = server.account(role);
  const landing = role === 'DRIVER' ? /\/driver\/home$/ : /\/admin\/dashboard$/;
  return personaPage(browser, server.baseURL, { ...options, timezoneId }, account.email, account.password, landing);
}
