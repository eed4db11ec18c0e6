import { ROLE_IDS, type TManagedUser } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const marcus: TManagedUser = {
  _id: 'u-driver',
  email: 'driver@x.test',
  firstName: 'Marcus',
  lastName: 'Bell',
  phone: '',
  roleId: ROLE_IDS.DRIVER,
  role: 'DRIVER',
  isActive: true,
  emailVerified: true,
  createdAt: new Date().toISOString(),
  shift: null,
  vehicleCapacity: 20,
};

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Priya', roleId: ROLE_IDS.ADMIN } });
});
afterEach(() => vi.unstubAllGlobals());

describe('driver shift on the users page', () => {
  it('refuses an end before the start, then saves the shift and capacity', async () => {
    const { calls } = stubApi((url) => {
      if (url.includes('/shift'))
        return json(200, {
          success: true,
          message: 'Saved',
          data: { ...marcus, shift: { start: '07:00', end: '13:00', startPlace: 'current' } },
        });
      if (url.includes('/admin/users'))
        return json(200, { success: true, data: [marcus], paging: { page: 1, limit: 20, total: 1, totalPages: 1 } });
      return json(404, { success: false, message: 'Not found', error: 'NOT_FOUND' });
    });
    renderRoute('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Shift not set: edit the shift of Marcus Bell' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.change(within(dialog).getByLabelText('Shift start'), { target: { value: '14:00' } });
    fireEvent.change(within(dialog).getByLabelText('Shift end'), { target: { value: '13:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save shift' }));
    expect(await within(dialog).findByText('Shift end must be after its start', {}, slow)).toBeTruthy();
    expect(calls('/api/v1/admin/users/u-driver/shift')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Shift start'), { target: { value: '07:00' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Where the driver is' }));
    fireEvent.change(within(dialog).getByLabelText('Vehicle capacity (units)'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save shift' }));
    await vi.waitFor(() => expect(calls('/api/v1/admin/users/u-driver/shift')).toHaveLength(1), slow);
    expect(calls('/api/v1/admin/users/u-driver/shift')[0]).toMatchObject({
      method: 'PATCH',
      body: { shift: { start: '07:00', end: '13:00', startPlace: 'current' }, vehicleCapacity: 12 },
    });
  }, 30_000);
});
