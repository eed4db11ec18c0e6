import { ROLE_IDS, type TManagedUser } from '@courier/contract';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminDelivery } from '@/testing/fixtures';
import { json, renderInApp, slow, stubApi } from '@/testing/render-route';
import { AccountChangeDialog } from './account-change-dialog';

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
const disableDialog = () =>
  renderInApp(
    <MemoryRouter>
      <AccountChangeDialog user={marcus} change={{ kind: 'disable' }} busy={false} onClose={() => {}} onConfirm={() => {}} />
    </MemoryRouter>,
  );
const paging = { page: 1, limit: 100, total: 2, totalPages: 1 };

afterEach(() => vi.unstubAllGlobals());

describe('disabling a driver', () => {
  it('says before the click that a driver with parcels on board cannot be disabled, and keeps the button off', async () => {
    const jobs = [
      adminDelivery({ _id: 'a', orderId: 'MC000000000A', status: 'assigned' }),
      adminDelivery({ _id: 'b', orderId: 'MC000000000B', status: 'in_transit' }),
    ];
    stubApi(() => json(200, { success: true, deliveries: jobs, paging }));
    disableDialog();

    const refusal = await screen.findByRole('alert', {}, slow);
    expect(refusal).toHaveTextContent('Marcus Bell cannot be disabled while parcels are on board: #MC000000000B.');
    expect(screen.getByRole('button', { name: 'Disable account' })).toHaveProperty('disabled', true);
    expect(screen.getByText('(In transit)')).toBeVisible();
  });

  it('lets a driver with only assigned jobs be disabled', async () => {
    stubApi(() => json(200, { success: true, deliveries: [adminDelivery({ status: 'assigned' })], paging }));
    disableDialog();
    await screen.findByText(/They hold 1 open job/, {}, slow);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Disable account' })).toHaveProperty('disabled', false);
  });
});
