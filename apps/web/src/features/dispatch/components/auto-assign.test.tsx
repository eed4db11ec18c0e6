import { ROLE_IDS } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { adminDelivery as delivery } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const paging = { page: 1, limit: 50, total: 1, totalPages: 1 };
const reason = "Best fit: adds 6 min of driving to Dana Reyes's route, delivers at 10:40 AM, on time for 2:30 PM";
const noFit = 'No driver fits: No driver can reach it within its time window';

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Sam', roleId: ROLE_IDS.STAFF } });
});
afterEach(() => vi.unstubAllGlobals());

function stubBoard(fits: boolean) {
  return stubApi((url, init) => {
    if (url.endsWith('/d1/auto-assign'))
      return json(200, {
        success: true,
        message: fits ? 'Assigned to Dana Reyes' : 'No driver fits',
        data: fits
          ? { deliveryId: 'd1', trackingNumber: 'MC0000000001', ok: true, driverId: 'drv1', driverName: 'Dana Reyes', reason }
          : {
              deliveryId: 'd1',
              trackingNumber: 'MC0000000001',
              ok: false,
              code: 'NO_DRIVER_FITS',
              driverId: null,
              driverName: null,
              reason: noFit,
            },
      });
    if (url.endsWith('/deliveries/auto-assign'))
      return json(200, {
        success: true,
        message: '1 of 2 auto-assigned',
        data: {
          results: [
            { deliveryId: 'd1', trackingNumber: 'MC0000000001', ok: true, driverId: 'drv1', driverName: 'Dana Reyes', reason },
            {
              deliveryId: 'd2',
              trackingNumber: 'MC0000000002',
              ok: false,
              code: 'NO_DRIVER_FITS',
              driverId: null,
              driverName: null,
              reason: noFit,
            },
          ],
        },
      });
    if (url.includes('status=approved') && init.method === 'GET')
      return json(200, { success: true, deliveries: [delivery({ status: 'approved', isLate: false })], paging });
    return json(200, { success: true, deliveries: [], data: [], paging: { ...paging, total: 0 } });
  });
}

describe('auto-assign on the board', () => {
  it('gives an approved job to the best driver and says whom and why', async () => {
    const { calls } = stubBoard(true);
    renderRoute('/admin/dashboard');
    const card = await screen.findByRole('listitem', { name: 'Delivery #MC0000000001' }, slow);
    fireEvent.click(within(card).getByRole('button', { name: 'Auto-assign #MC0000000001' }));
    expect(await screen.findByText(`#MC0000000001 assigned to Dana Reyes. ${reason}`, {}, slow)).toBeVisible();
    expect(calls('/api/v1/admin/deliveries/d1/auto-assign')).toHaveLength(1);
  }, 20_000);

  it('keeps the reason beside the button when no driver fits', async () => {
    stubBoard(false);
    renderRoute('/admin/dashboard');
    const card = await screen.findByRole('listitem', { name: 'Delivery #MC0000000001' }, slow);
    fireEvent.click(within(card).getByRole('button', { name: 'Auto-assign #MC0000000001' }));
    expect(await within(card).findByRole('status', {}, slow)).toHaveTextContent(noFit);
  }, 20_000);

  it('auto-assigns all approved jobs with one summary of each driver and reason', async () => {
    stubBoard(true);
    renderRoute('/admin/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Auto-assign all approved' }, slow));
    const summary = await screen.findByRole('dialog', { name: '1 of 2 auto-assigned' }, slow);
    expect(within(summary).getByText(`To Dana Reyes. ${reason}`)).toBeVisible();
    expect(within(summary).getByText(noFit)).toBeVisible();
  }, 20_000);
});
