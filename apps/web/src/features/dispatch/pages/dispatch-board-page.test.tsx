import { ROLE_IDS } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminDelivery as delivery } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

const person = { _id: 'c1', name: 'Elena Novak', email: 'e@x.test', phone: '+16175550123' };
const paging = { page: 1, limit: 50, total: 1, totalPages: 1 };

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Sam', roleId: ROLE_IDS.STAFF } });
});
afterEach(() => vi.unstubAllGlobals());

describe('dispatch board', () => {
  it('flags a late request and approves it', async () => {
    const { calls } = stubApi((url, init) => {
      if (url.includes('/approve')) return json(200, { success: true, message: 'Approved', data: delivery({ status: 'approved' }) });
      if (url.includes('/admin/stats'))
        return json(200, {
          success: true,
          data: { byStatus: { pending: 1 }, total: 1, late: 1, deliveredToday: 0, averageRating: 4.5, ratingCount: 2 },
        });
      if (url.includes('status=pending') && init.method === 'GET') return json(200, { success: true, deliveries: [delivery({})], paging });
      return json(200, { success: true, deliveries: [], data: [], paging: { ...paging, total: 0 } });
    });
    renderRoute('/admin/dashboard');
    const card = await screen.findByRole('listitem', { name: 'Delivery #MC0000000001' }, slow);
    expect(within(card).getByText('12 min late')).toBeVisible();
    // Only the moves the status table gives staff for a pending request.
    expect(within(card).queryByRole('button', { name: /Assign/ })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Approve #MC0000000001' }));
    await screen.findByText('#MC0000000001 approved', {}, slow);
    expect(calls('/api/v1/admin/deliveries/d1/approve')).toHaveLength(1);
  }, 20_000);

  it('reassigns naming the driver it replaces, and shows the 409 a stale board gets', async () => {
    const stale = 'This delivery was just assigned by someone else. Reload it and try again.';
    const onRoad = delivery({ status: 'assigned', isLate: false, driver: { ...person, _id: 'drv1', name: 'Ann Driver' } });
    const driver = (id: string, firstName: string) => ({
      _id: id,
      firstName,
      lastName: 'Driver',
      email: `${id}@x.test`,
      phone: '+16175550150',
      isActive: true,
      activeLoad: 1,
      lastPosition: null,
    });
    const { calls } = stubApi((url, init) => {
      if (url.includes('/assign')) return json(409, { success: false, error: 'CONFLICT', message: stale });
      if (url.includes('/admin/drivers')) return json(200, { success: true, data: [driver('drv1', 'Ann'), driver('drv2', 'Bo')] });
      if (url.includes('/admin/stats'))
        return json(200, {
          success: true,
          data: { byStatus: { assigned: 1 }, total: 1, late: 0, deliveredToday: 0, averageRating: 0, ratingCount: 0 },
        });
      if (url.includes('status=on_the_road') && init.method === 'GET') return json(200, { success: true, deliveries: [onRoad], paging });
      return json(200, { success: true, deliveries: [], data: [], paging: { ...paging, total: 0 } });
    });
    renderRoute('/admin/dashboard');
    const tab = await screen.findByRole('button', { name: /On the road/ }, slow);
    fireEvent.click(tab);
    const card = await screen.findByRole('listitem', { name: 'Delivery #MC0000000001' }, slow);
    fireEvent.click(within(card).getByRole('button', { name: 'Reassign #MC0000000001' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Bo Driver/ }, slow));
    fireEvent.click(screen.getByRole('button', { name: 'Assign driver' }));
    expect(await screen.findByText(stale, { selector: '.Toastify *' }, slow)).toBeVisible();
    expect(calls('/api/v1/admin/deliveries/d1/assign')[0].body).toEqual({ driverId: 'drv2', replacesDriverId: 'drv1' });
  }, 20_000);
});
