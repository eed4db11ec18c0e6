import { ROLE_IDS } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminDelivery as delivery } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

const paging = { page: 1, limit: 50, total: 1, totalPages: 1 };
const stats = { byStatus: {}, total: 0, late: 0, deliveredToday: 0, averageRating: 0, ratingCount: 0 };
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Sam', roleId: ROLE_IDS.STAFF } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the board says what it means', () => {
  it('calls a job due in 14 minutes "At risk", a past-due one late, and marks STAT apart from both', async () => {
    const soon = delivery({ _id: 'a', orderId: 'MC00000000AR', requiredBy: inMinutes(14) });
    const past = delivery({ _id: 'b', orderId: 'MC00000000LT', requiredBy: inMinutes(-12) });
    const stat = delivery({ _id: 'c', orderId: 'MC00000000ST', priority: 'stat', requiredBy: inMinutes(300), isLate: false });
    stubApi((url) => {
      if (url.includes('/admin/stats')) return json(200, { success: true, data: stats });
      if (url.includes('status=pending'))
        return json(200, { success: true, deliveries: [soon, past, stat], paging: { ...paging, total: 3 } });
      return json(200, { success: true, deliveries: [], data: [], paging: { ...paging, total: 0 } });
    });
    renderRoute('/admin/dashboard');
    const atRisk = await screen.findByRole('listitem', { name: 'Delivery #MC00000000AR' }, slow);
    const riskChip = within(atRisk)
      .getByText(/At risk/)
      .closest('[data-urgency]');
    expect(riskChip).toHaveAttribute('data-urgency', 'at_risk');
    expect(riskChip).toHaveTextContent(/^At risk · due in 1[34] min$/);
    expect(within(atRisk).queryByText(/Late/)).toBeNull();
    const late = screen.getByRole('listitem', { name: 'Delivery #MC00000000LT' });
    expect(within(late).getByText('12 min late').closest('[data-urgency]')).toHaveAttribute('data-urgency', 'late');
    const statCard = screen.getByRole('listitem', { name: 'Delivery #MC00000000ST' });
    const statChip = within(statCard).getByText('STAT');
    // Different words, and different colours: STAT is never the red of late nor the orange of at risk.
    expect(statChip.className).toMatch(/fuchsia/);
    expect(within(late).getByText('12 min late').closest('[data-urgency]')?.className).toMatch(/red/);
    expect(riskChip?.className).toMatch(/orange/);
  }, 20_000);

  it('shows lab-rejected parcels (delivered, so in no open column) when "Rejected" is chosen', async () => {
    const rejected = delivery({
      _id: 'r',
      orderId: 'MC00000000RJ',
      status: 'delivered',
      isLate: false,
      receipt: { status: 'rejected', reason: 'haemolysed', comment: null, receivedBy: 'Core lab', receivedAt: inMinutes(-30) },
    });
    const { fetchMock } = stubApi((url) => {
      if (url.includes('/admin/stats')) return json(200, { success: true, data: stats });
      if (url.includes('handling=rejected') && url.includes('status=all'))
        return json(200, { success: true, deliveries: [rejected], paging });
      return json(200, { success: true, deliveries: [], data: [], paging: { ...paging, total: 0 } });
    });
    renderRoute('/admin/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Rejected' }, slow));
    const card = await screen.findByRole('listitem', { name: 'Delivery #MC00000000RJ' }, slow);
    expect(within(card).getByText('Receipt rejected')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Rejected by the lab' })).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('handling=rejected'))).toBe(true);
  }, 20_000);
});
