import { ROLE_IDS } from '@courier/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driverJob } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

const job = driverJob({ temperature: 'refrigerated', status: 'moving_to_pickup_location', nextStatus: 'picked_up' });

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Marcus', roleId: ROLE_IDS.DRIVER } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the pickup check', () => {
  it('checks the label, then the temperature, with the same words, and sends the scanned pickup', async () => {
    const { fetchMock } = stubApi((url) => {
      if (url.endsWith('/status')) return json(200, { success: true, message: 'Moved', data: { ...job, status: 'picked_up' } });
      return json(200, { success: true, data: [job] });
    });
    renderRoute('/driver/jobs/j1/pickup');
    const label = await screen.findByLabelText('Tracking number on the label', {}, slow);
    const confirm = screen.getByRole('button', { name: 'Confirm pickup' });
    fireEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('Scan the label or type its tracking number.');
    fireEvent.change(label, { target: { value: 'mc0000000009' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This label reads MC0000000009: it is not this job's parcel. Check the parcel.",
    );
    fireEvent.change(label, { target: { value: ' mc0000000001 ' } });
    fireEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the temperature in °C at pickup, e.g. 4.1');
    fireEvent.change(screen.getByLabelText(/Temperature at pickup/), { target: { value: '4,1' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/j1/status'))).toBe(true), slow);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/j1/status')) ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ status: 'picked_up', scannedOrderId: 'MC0000000001', temperatureC: 4.1 });
  });

  it('takes the number typed with the spaces the label prints, as tracking lookup does', async () => {
    const ambient = driverJob({ status: 'moving_to_pickup_location', nextStatus: 'picked_up' });
    const { fetchMock } = stubApi((url) => {
      if (url.endsWith('/status')) return json(200, { success: true, message: 'Moved', data: { ...ambient, status: 'picked_up' } });
      return json(200, { success: true, data: [ambient] });
    });
    renderRoute('/driver/jobs/j1/pickup');
    const label = await screen.findByLabelText('Tracking number on the label', {}, slow);
    fireEvent.change(label, { target: { value: 'MC 000 000 0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm pickup' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/j1/status'))).toBe(true), slow);
    expect(screen.queryByText(/not this job's parcel/)).toBeNull();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/j1/status')) ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ status: 'picked_up', scannedOrderId: 'MC0000000001' });
  });
});
