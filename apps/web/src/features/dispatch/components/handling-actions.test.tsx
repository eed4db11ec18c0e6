import { ROLE_IDS } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { adminDelivery } from '@/testing/fixtures';
import { json, renderInApp, slow, stubApi } from '@/testing/render-route';
import { HandlingActions } from './handling-actions';

afterEach(() => vi.unstubAllGlobals());

describe('handling actions', () => {
  it('a manager records a disposition: a note is required, the request carries the trimmed note', async () => {
    setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Mia', roleId: ROLE_IDS.MANAGER } });
    const held = adminDelivery({ status: 'in_transit', hold: { reason: 'temperature', since: new Date().toISOString() } });
    const { calls } = stubApi(() => json(200, { success: true, message: 'Delivery continues', data: held }));
    renderInApp(<HandlingActions delivery={held} />);
    fireEvent.click(screen.getByRole('button', { name: 'Disposition' }));
    const dialog = await screen.findByRole('dialog', { name: `Disposition for #${held.orderId}` }, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record disposition' }));
    expect(await within(dialog).findByText('Write what you decided and why', {}, slow)).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note' }), { target: { value: '  Sample fine  ' } });
    expect(within(dialog).queryByText('Write what you decided and why')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Return to sender/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record disposition' }));
    await vi.waitFor(() => expect(calls('/api/v1/admin/deliveries/d1/disposition')).toHaveLength(1), slow);
    expect(calls('/api/v1/admin/deliveries/d1/disposition')[0]?.body).toEqual({ action: 'return', note: 'Sample fine' });
  }, 20_000);

  it('tells STAFF that a manager records the disposition of a hold, with no button that would fail', async () => {
    setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Sam', roleId: ROLE_IDS.STAFF } });
    const held = adminDelivery({ status: 'in_transit', hold: { reason: 'temperature', since: new Date().toISOString() } });
    stubApi(() => json(200, { success: true, data: held }));
    renderInApp(<HandlingActions delivery={held} />);
    expect(screen.getByText('A manager records the disposition')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Disposition/ })).toBeNull();
  });

  it('staff record a receipt: who received it is required, a rejection carries its reason', async () => {
    setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Sam', roleId: ROLE_IDS.STAFF } });
    const delivered = adminDelivery({ status: 'delivered' });
    const { calls } = stubApi(() => json(200, { success: true, message: 'Recorded', data: delivered }));
    renderInApp(<HandlingActions delivery={delivered} />);
    fireEvent.click(screen.getByRole('button', { name: 'Record receipt' }));
    const dialog = await screen.findByRole('dialog', { name: `Receipt of #${delivered.orderId}` }, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record receipt' }));
    expect(await within(dialog).findByText('Who received it?', {}, slow)).toBeVisible();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Rejected' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Reason' }), { target: { value: 'leaking' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Received by' }), { target: { value: ' Ana Ruiz ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record receipt' }));
    await vi.waitFor(() => expect(calls('/api/v1/admin/deliveries/d1/receipt')).toHaveLength(1), slow);
    expect(calls('/api/v1/admin/deliveries/d1/receipt')[0]?.body).toEqual({
      status: 'rejected',
      receivedBy: 'Ana Ruiz',
      reason: 'leaking',
    });
  }, 20_000);
});
