import { ROLE_IDS } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { adminDelivery as delivery } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const list = [1, 2, 3, 4].map((n) => delivery({ _id: `d${n}`, orderId: `MC000000000${n}`, status: 'pending' }));
const paging = { page: 1, limit: 20, total: 4, totalPages: 1 };

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Sam', roleId: ROLE_IDS.STAFF } });
});
afterEach(() => vi.unstubAllGlobals());

function stubList() {
  return stubApi((url, init) => {
    if (url.includes('/bulk'))
      return json(200, {
        success: true,
        message: '2 of 3 approved, 1 refused',
        data: {
          results: (JSON.parse(String(init.body)).deliveryIds as string[]).map((id) =>
            id === 'd3'
              ? { deliveryId: id, ok: false, code: 'CONFLICT', message: 'Cannot change status from delivered to approved' }
              : { deliveryId: id, ok: true, message: 'Delivery approved' },
          ),
        },
      });
    if (url.includes('/admin/drivers')) return json(200, { success: true, data: [] });
    return json(200, { success: true, deliveries: list, paging });
  });
}

const box = (n: number) => screen.getByRole('checkbox', { name: `Select #MC000000000${n}` });

describe('bulk dispatch on the deliveries list', () => {
  it('selects a range with Shift+click and all on the page, then approves them with one summary of the refusals', async () => {
    const { calls } = stubList();
    renderRoute('/admin/deliveries');
    await screen.findByRole('link', { name: '#MC0000000004' }, slow);
    fireEvent.click(box(1));
    fireEvent.click(box(3), { shiftKey: true });
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).checked)).toEqual([true, true, true, false]);
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    const bar = screen.getByRole('toolbar', { name: 'Selected jobs' });
    expect(within(bar).getByText('3 jobs selected')).toBeVisible();
    fireEvent.click(within(bar).getByRole('button', { name: 'Approve' }));
    const summary = await screen.findByRole('dialog', { name: '2 of 3 approved, 1 refused' }, slow);
    expect(within(summary).getByText('#MC0000000003')).toBeVisible();
    expect(within(summary).getByText('Cannot change status from delivered to approved')).toBeVisible();
    expect(calls('/api/v1/admin/deliveries/bulk')[0].body).toEqual({ action: 'approve', deliveryIds: ['d1', 'd2', 'd3'] });
    fireEvent.click(within(summary).getByRole('button', { name: 'Done' }));
    // the refused job stays selected
    expect([1, 2, 3].map((n) => (box(n) as HTMLInputElement).checked)).toEqual([false, false, true]);
    fireEvent.click(all);
    fireEvent.click(all);
    expect(screen.queryByRole('toolbar', { name: 'Selected jobs' })).toBeNull();
  }, 20_000);

  it('moves with j and k, selects with x, approves with a, lists the keys behind ?, and never fires while typing', async () => {
    const { calls } = stubList();
    renderRoute('/admin/deliveries');
    await screen.findByRole('link', { name: '#MC0000000004' }, slow);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    search.focus();
    fireEvent.keyDown(search, { key: 'j' });
    fireEvent.keyDown(search, { key: '?' });
    expect(screen.queryByRole('dialog')).toBeNull();
    search.blur();
    const row = (n: number) => box(n).closest('tr');
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(document.activeElement).toBe(row(1));
    fireEvent.keyDown(document.activeElement as Element, { key: 'j' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(row(3));
    fireEvent.keyDown(document.activeElement as Element, { key: 'k' });
    expect(document.activeElement).toBe(row(2));
    fireEvent.keyDown(document.activeElement as Element, { key: 'x' });
    expect((box(2) as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(document.activeElement as Element, { key: 'a' });
    await screen.findByText('#MC0000000002 approved', {}, slow);
    expect(calls('/api/v1/admin/deliveries/bulk')[0].body).toEqual({ action: 'approve', deliveryIds: ['d2'] });
    fireEvent.keyDown(document.body, { key: '?' });
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Approve the selected jobs (or this job)')).toBeVisible();
    // a dialog has the keys: no shortcut fires behind it
    fireEvent.keyDown(help, { key: 'a' });
    expect(calls('/api/v1/admin/deliveries/bulk')).toHaveLength(1);
  }, 20_000);
});
