import { ROLE_IDS, type TDevice, type TTemperatureRule } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const logger: TDevice = {
  deviceId: 'LOG-0042',
  lastReadingAt: '2026-03-02T15:00:00.000Z',
  lastCelsius: 9.6,
  lastHeardAt: '2026-03-02T15:01:00.000Z',
  boundTo: [
    { deliveryId: 'd-1', orderId: 'MC0000000042' },
    { deliveryId: 'd-2', orderId: 'MC0000000043', piece: 'MC0000000043-02' },
  ],
};
const rules: TTemperatureRule[] = [
  {
    temperatureClass: 'refrigerated',
    boundaries: [
      { above: 8, minutes: 0, severity: 'critical' },
      { below: 2, minutes: 0, severity: 'critical' },
    ],
    custom: false,
    updatedAt: null,
  },
];

const answer = () =>
  stubApi((url, init) => {
    if (url === '/api/v1/admin/devices') return json(200, { success: true, data: [logger] });
    if (url.startsWith('/api/v1/admin/temperature-rules/') && init.method === 'PUT')
      return json(200, { success: true, message: 'Temperature rule saved', data: { ...rules[0], custom: true } });
    if (url === '/api/v1/admin/temperature-rules') return json(200, { success: true, data: rules });
    return json(200, { success: true, data: [], paging: { page: 1, limit: 20, total: 0, totalPages: 0 } });
  });

afterEach(() => vi.unstubAllGlobals());

describe('the Loggers page', () => {
  it('lists each logger with its last reading, last heard and the parcel it travels with; staff read the rules', async () => {
    setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Hannah', roleId: ROLE_IDS.STAFF } });
    answer();
    renderRoute('/admin/devices');
    const row = (await screen.findByText('LOG-0042', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('9.6 °C')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'MC0000000042' })).toHaveAttribute('href', '/admin/deliveries/d-1');
    // A logger in one piece of its parcel names the piece.
    expect(within(row).getByRole('link', { name: 'MC0000000043-02' })).toHaveAttribute('href', '/admin/deliveries/d-2');
    expect(await screen.findByText('above 8 °C at once (critical)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save rule' })).toBeNull();
  }, 20_000);

  it('lets an administrator change a class’s boundaries: cumulative minutes and a severity', async () => {
    setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Ada', roleId: ROLE_IDS.ADMIN } });
    const { calls } = answer();
    renderRoute('/admin/devices');
    const form = await screen.findByRole('form', { name: 'Refrigerated (2-8 °C)' }, slow);
    const first = within(form).getByRole('group', { name: 'Boundary 1' });
    fireEvent.change(within(first).getByLabelText('Minutes'), { target: { value: '30' } });
    fireEvent.change(within(first).getByLabelText('Severity'), { target: { value: 'warning' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a boundary' }));
    const third = within(form).getByRole('group', { name: 'Boundary 3' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Boundary 3: enter the degrees and whole minutes (0: at once)');
    fireEvent.change(within(third).getByLabelText('°C'), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    await screen.findByText('Refrigerated (2-8 °C): rule saved', {}, slow);
    expect(calls('/api/v1/admin/temperature-rules/refrigerated')).toEqual([
      {
        url: '/api/v1/admin/temperature-rules/refrigerated',
        method: 'PUT',
        body: {
          boundaries: [
            { above: 8, minutes: 30, severity: 'warning' },
            { below: 2, minutes: 0, severity: 'critical' },
            { above: 15, minutes: 0, severity: 'critical' },
          ],
        },
      },
    ]);
  }, 20_000);
});
