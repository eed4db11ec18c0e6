import { ROLE_IDS, type TAuditEntry } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

const approved: TAuditEntry = {
  _id: 'a1',
  actor: { _id: 's1', name: 'Sam Okafor', email: 'sam@courier.test' },
  action: 'delivery.approve',
  entity: 'delivery',
  entityId: 'd1',
  ip: '10.0.0.7',
  details: { orderId: 'MC0000000001', from: 'pending' },
  kind: 'change',
  count: 1,
  createdAt: '2026-03-02T15:00:00.000Z',
};
const swept: TAuditEntry = {
  _id: 'a2',
  actor: null,
  action: 'optin.sms_withdrawn',
  entity: 'optin',
  entityId: 'o1',
  ip: null,
  details: null,
  kind: 'change',
  count: 1,
  createdAt: '2026-03-02T14:00:00.000Z',
};
const boardLoads: TAuditEntry = {
  _id: 'a3',
  actor: { _id: 's1', name: 'Sam Okafor', email: 'sam@courier.test' },
  action: 'delivery.list',
  entity: null,
  entityId: null,
  ip: null,
  details: { count: 5, page: 1 },
  kind: 'read',
  count: 5,
  createdAt: '2026-03-02T15:01:00.000Z',
};
const paging = { page: 1, limit: 20, total: 2, totalPages: 1 };

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Ada', roleId: ROLE_IDS.ADMIN } });
});
afterEach(() => vi.unstubAllGlobals());

describe('audit log', () => {
  it('shows who did what to which record, linking a delivery to its console page, and narrows by record and day', async () => {
    const { callsTo } = stubApi((url) => {
      if (url.includes('/admin/audit')) return json(200, { success: true, data: [approved, swept], paging });
      return json(200, { success: true, data: [], paging: { ...paging, total: 0 } });
    });
    renderRoute('/admin/audit');
    const row = (await screen.findByText('Approved a delivery', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sam Okafor')).toBeVisible();
    expect(within(row).getByRole('link', { name: '#MC0000000001' })).toHaveAttribute('href', '/admin/deliveries/d1');
    expect(within(row).getByText('from 10.0.0.7')).toBeVisible();
    // An entry no person made reads as the system's.
    const systemRow = screen.getByText('optin.sms_withdrawn').closest('tr') as HTMLElement;
    expect(within(systemRow).getByText('system')).toBeVisible();

    fireEvent.change(screen.getByLabelText('Record'), { target: { value: 'delivery' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-02' } });
    await vi.waitFor(() => {
      const last = new URL(String(callsTo('/api/v1/admin/audit').at(-1)?.[0]), 'http://localhost');
      expect(last.searchParams.get('entity')).toBe('delivery');
      // The whole "to" day counts.
      expect(last.searchParams.get('to')).toBe('2026-03-02T23:59:59.999');
    }, slow);
  }, 20_000);

  it('opens on changes, and shows reads grouped with their count when asked, by who', async () => {
    const { callsTo } = stubApi((url) => {
      const kind = new URL(url, 'http://localhost').searchParams.get('kind');
      if (url.includes('/admin/audit'))
        return json(200, { success: true, data: kind === 'reads' ? [boardLoads] : [approved], paging: { ...paging, total: 1 } });
      return json(200, { success: true, data: [], paging: { ...paging, total: 0 } });
    });
    renderRoute('/admin/audit');
    await screen.findByText('Approved a delivery', {}, slow);
    const first = new URL(String(callsTo('/api/v1/admin/audit')[0]?.[0]), 'http://localhost');
    expect(first.searchParams.get('kind')).toBe('changes');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'reads' } });
    const row = (await screen.findByText('delivery.list', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('×5')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'sam@courier' } });
    await vi.waitFor(() => {
      const last = new URL(String(callsTo('/api/v1/admin/audit').at(-1)?.[0]), 'http://localhost');
      expect(last.searchParams.get('actor')).toBe('sam@courier');
      expect(last.searchParams.get('kind')).toBe('reads');
    }, slow);
  }, 20_000);
});
