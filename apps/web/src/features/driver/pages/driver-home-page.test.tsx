import { ROLE_IDS, ROUTINE_HANDLING, type TDriverJob } from '@courier/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

// The driver layout loads the job screens ahead for offline use; let those loads finish before the file's
// environment is torn down, or a late import fails the whole run.
afterAll(async () => {
  await Promise.all([
    import('./driver-job-page'),
    import('./pickup-check-page'),
    import('./proof-of-delivery-page'),
    import('./failed-attempt-page'),
  ]);
});

const job = (over: Partial<TDriverJob>): TDriverJob => ({
  ...ROUTINE_HANDLING,
  _id: 'j1',
  orderId: 'MC0000000001',
  status: 'assigned',
  nextStatus: 'moving_to_pickup_location',
  routeOrder: 1,
  senderName: 'Northside Pharmacy',
  senderPhone: '+16175550100',
  pickupAddress: '55 Fruit St, Boston, MA',
  pickupCoords: null,
  recipientName: 'Dr. Maya Chen',
  recipientPhone: '+16175550199',
  deliveryAddress: '330 Brookline Ave, Boston, MA',
  deliveryCoords: null,
  requiredBy: null,
  packageType: 'MEDICATION',
  packageSize: 'small',
  deliveryType: 'EXPRESS',
  specialInstructions: '',
  requiresSignature: true,
  pod: null,
  attempts: [],
  collectFrom: null,
  plannedArrival: null,
  plannedOrder: null,
  ...over,
});

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Marcus', roleId: ROLE_IDS.DRIVER } });
});
afterEach(() => vi.unstubAllGlobals());

describe('driver home', () => {
  it('puts the first open job of the run on the big button and sends its move with an Idempotency-Key', async () => {
    const jobs = [
      job({ _id: 'j2', orderId: 'MC0000000002', routeOrder: 2 }),
      job({ _id: 'j0', orderId: 'MC0000000000', routeOrder: 1, status: 'delivered', nextStatus: null }),
      job({}),
    ];
    const { fetchMock } = stubApi((url) => {
      if (url.endsWith('/status'))
        return json(200, { success: true, message: 'Moved', data: job({ status: 'moving_to_pickup_location' }) });
      return json(200, { success: true, data: jobs });
    });
    renderRoute('/driver/home');
    expect(await screen.findByText('Next: job 1 · #MC0000000001', {}, slow)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Start pickup run' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/j1/status'))).toBe(true), slow);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/j1/status')) ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ status: 'moving_to_pickup_location' });
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/\S{8,}/);
  });
});
