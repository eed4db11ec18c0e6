import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerAccount, myDelivery } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

const counts = {
  totalDeliveries: 12,
  activeDeliveries: 3,
  completedDeliveries: 8,
  pendingDeliveries: 1,
  cancelledDeliveries: 0,
  profileActiveDeliveries: 2,
};
const list = (deliveries: unknown[], over: Partial<typeof counts> = {}) => ({
  success: true,
  ...counts,
  ...over,
  deliveries,
  matchingDeliveries: deliveries.length,
  currentPage: 1,
  totalPages: 1,
  limit: 5,
});

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: customerAccount });
});
afterEach(() => vi.unstubAllGlobals());

const stubDeliveries = (body: unknown) =>
  stubApi((url) => {
    if (url.includes('/deliveries/my-deliveries')) return json(200, body);
    return json(200, url.includes('notifications') ? [] : { success: true, data: [] });
  });

describe('the customer dashboard', () => {
  it('greets the customer, counts every delivery and lists the newest, flagging a late one and opening it from its row', async () => {
    const late = myDelivery({ _id: 'd2', orderId: 'MC0000000002', requiredBy: new Date(Date.now() - 3_600_000).toISOString() });
    const { calls } = stubDeliveries(list([late, myDelivery({ status: 'delivered' })]));
    const router = renderRoute('/user/home');
    expect(await screen.findByRole('heading', { name: 'Welcome Elena !' }, slow)).toBeVisible();
    await vi.waitFor(() => expect(screen.getByRole('group', { name: 'Total Deliveries' })).toHaveTextContent('12'), slow);
    expect(screen.getByRole('group', { name: 'Active' })).toHaveTextContent('3');
    expect(screen.getByRole('group', { name: 'Completed' })).toHaveTextContent('8');
    expect(screen.getByRole('group', { name: 'Pending' })).toHaveTextContent('1');
    // One call, the five newest: the counts come with it.
    const asked = new URL(calls('/api/v1/deliveries/my-deliveries')[0].url, 'http://localhost').searchParams;
    expect([asked.get('limit'), asked.get('sort'), asked.get('page')]).toEqual(['5', 'newest', '1']);

    const recent = screen.getByRole('region', { name: 'Recent Deliveries' });
    const lateRow = within(recent).getByRole('link', { name: '#MC0000000002' }).closest('tr') as HTMLElement;
    expect(within(lateRow).getByText('Overdue')).toBeVisible();
    const doneRow = within(recent).getByRole('link', { name: '#MC0000000001' }).closest('tr') as HTMLElement;
    expect(within(doneRow).queryByText('Overdue')).toBeNull();
    fireEvent.keyDown(lateRow, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/delivery/d2'), slow);
  }, 20_000);

  it('says what the total holds beyond the other tiles, so they add up', async () => {
    stubDeliveries(list([], { totalDeliveries: 36, activeDeliveries: 10, completedDeliveries: 20, pendingDeliveries: 4 }));
    renderRoute('/user/home');
    const total = await screen.findByRole('group', { name: 'Total Deliveries' }, slow);
    await vi.waitFor(() => expect(total).toHaveTextContent('36'), slow);
    expect(total).toHaveTextContent('Includes 2 cancelled or returned');
  });

  it('invites a first request when there are no deliveries yet', async () => {
    stubDeliveries(list([], { totalDeliveries: 0, activeDeliveries: 0, completedDeliveries: 0, pendingDeliveries: 0 }));
    renderRoute('/user/home');
    expect(await screen.findByText('No deliveries yet', {}, slow)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Make your first request' })).toHaveAttribute('href', '/order-delivery');
    expect(screen.getByRole('group', { name: 'Total Deliveries' })).toHaveTextContent('0');
  }, 20_000);
});
