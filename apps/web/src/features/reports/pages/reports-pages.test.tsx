import { ROLE_IDS, type TDeliveryReport, type TDeliveryReportFigures, type TDeliveryReportRow } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerAccount } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

const tenBooked: TDeliveryReportFigures = {
  booked: 10,
  delivered: 8,
  cancelled: 1,
  onTime: 7,
  onTimeRate: 0.875,
  avgBookingToPickupMinutes: 45,
  avgPickupToDropoffMinutes: 65,
  withDiscrepancy: 1,
  discrepancyRate: 0.1,
  overdueCases: 0,
};
const figures = (key: string, label: string): TDeliveryReportRow => ({ key, label, ...tenBooked });

const report = (groupBy: TDeliveryReport['groupBy'], rows: TDeliveryReportRow[]): TDeliveryReport => ({
  from: '2026-03-01',
  to: '2026-03-02',
  groupBy,
  timeZone: 'America/New_York',
  days: 2,
  deliveredPerDay: 8,
  totals: { ...tenBooked, booked: 20, delivered: 16, cancelled: 2, onTime: 15, onTimeRate: 0.9375 },
  rows,
});

/** Answers the report at `path` grouped as asked; everything else empty. */
function stubReports(path: string) {
  return stubApi((url) => {
    const asked = new URL(url, 'http://localhost');
    if (asked.pathname === path) {
      const groupBy = (asked.searchParams.get('groupBy') ?? 'day') as TDeliveryReport['groupBy'];
      const rows =
        groupBy === 'customer'
          ? [figures('c1', 'Northside Pharmacy'), figures('c2', 'Riverside Clinic')]
          : [figures('2026-03-01', '2026-03-01'), figures('2026-03-02', '2026-03-02')];
      return json(200, { success: true, data: report(groupBy, rows) });
    }
    return json(
      200,
      url.includes('notifications') ? [] : { success: true, data: [], paging: { page: 1, limit: 20, total: 0, totalPages: 0 } },
    );
  });
}

const bodyRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .filter((row) => row.parentElement?.tagName === 'TBODY');

afterEach(() => vi.unstubAllGlobals());

describe('delivery reports', () => {
  it('shows a customer their own figures day by day, and asks again for the days they choose', async () => {
    setSession({ token: 't', refreshToken: 'r', user: customerAccount });
    const { callsTo } = stubReports('/api/v1/reports/deliveries');
    renderRoute('/reports');
    await vi.waitFor(() => expect(screen.getByRole('group', { name: 'On time' })).toHaveTextContent('93.8%'), slow);
    expect(screen.getByRole('group', { name: 'Delivered a day' })).toHaveTextContent('8');
    expect(screen.getByRole('group', { name: 'Booking to pickup' })).toHaveTextContent('45 min');
    expect(screen.getByRole('group', { name: 'Pickup to drop-off' })).toHaveTextContent('1 h 05 min');
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Mar 1', 'Mar 2']);
    expect(within(bodyRows()[0]).getByText('7 of 8')).toBeVisible();
    // A customer's report is by day only.
    expect(screen.queryByLabelText('Group by')).toBeNull();

    fireEvent.change(screen.getByLabelText('Booked from'), { target: { value: '2026-02-01' } });
    await vi.waitFor(() => {
      const last = new URL(String(callsTo('/api/v1/reports/deliveries').at(-1)?.[0]), 'http://localhost');
      expect(last.searchParams.get('from')).toBe('2026-02-01');
    }, slow);
    expect(callsTo('/api/v1/admin/reports/deliveries')).toHaveLength(0);
  }, 20_000);

  it('lets staff group every customer’s deliveries by customer', async () => {
    setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Sam', roleId: ROLE_IDS.STAFF } });
    stubReports('/api/v1/admin/reports/deliveries');
    renderRoute('/admin/reports');
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(2), slow);
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'customer' } });
    await vi.waitFor(
      () =>
        expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Northside Pharmacy', 'Riverside Clinic']),
      slow,
    );
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
  }, 20_000);
});
