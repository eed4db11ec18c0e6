import { ROLE_IDS, type TInvoice } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const invoice: TInvoice = {
  _id: 'i1',
  accountId: 'a1',
  accountName: 'Quincy Dialysis',
  status: 'draft',
  number: null,
  periodFrom: '2026-02-01',
  periodTo: '2026-02-28',
  invoiceDate: null,
  dueDate: null,
  subtotalCents: 3324,
  creditedCents: 0,
  paidCents: 0,
  balanceCents: 3324,
  voidReason: null,
  termsDays: null,
  billingEmail: 'billing@quincy.test',
  billingAddress: '1 Main St',
  lines: [
    {
      _id: 'l1',
      deliveryId: 'd1',
      trackingNumber: 'MC0000000001',
      date: '2026-02-03',
      reference: 'PO-7',
      route: 'Boston, MA 02114 -> Boston, MA 02215',
      code: 'base',
      description: 'Same day: $25.10',
      amountCents: 2510,
      pricedCents: 2510,
      adjustmentReason: null,
    },
    {
      _id: 'l2',
      deliveryId: 'd1',
      trackingNumber: 'MC0000000001',
      date: '2026-02-03',
      reference: 'PO-7',
      route: 'Boston, MA 02114 -> Boston, MA 02215',
      code: 'fuel',
      description: 'Fuel surcharge: 12.5% of base $25.10',
      amountCents: 314,
      pricedCents: 314,
      adjustmentReason: null,
    },
  ],
  payments: [],
  creditNotes: [],
};
const signIn = (role: 'ADMIN' | 'MANAGER') =>
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Ada', roleId: ROLE_IDS[role] } });

afterEach(() => vi.unstubAllGlobals());

describe('staff invoice page', () => {
  it('an administrator adjusts a draft line in dollars with a reason; the patch carries cents', async () => {
    signIn('ADMIN');
    const { calls } = stubApi((_url, init) => {
      if (init.method === 'PATCH') return json(200, { success: true, message: 'Line adjusted', data: invoice });
      return json(200, { success: true, data: invoice });
    });
    renderRoute('/admin/invoices/i1');
    expect(await screen.findByRole('heading', { name: 'Draft invoice: Quincy Dialysis' }, slow)).toBeVisible();
    expect(screen.getByText('PO PO-7')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Adjust Same day: $25.10' }));
    fireEvent.change(screen.getByLabelText('New amount ($)'), { target: { value: '20.10' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save line' }));
    await vi.waitFor(() => expect(calls('/api/v1/admin/invoices/i1/lines/l1')).toHaveLength(1));
    expect(calls('/api/v1/admin/invoices/i1/lines/l1')[0]).toMatchObject({
      method: 'PATCH',
      body: { amountCents: 2010, reason: 'Goodwill' },
    });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('a manager reads a draft without Issue, Adjust or Void', async () => {
    signIn('MANAGER');
    stubApi(() => json(200, { success: true, data: invoice }));
    renderRoute('/admin/invoices/i1');
    expect(await screen.findByRole('heading', { name: 'Draft invoice: Quincy Dialysis' }, slow)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Issue' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Adjust/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.getByRole('button', { name: 'PDF' })).toBeVisible();
  });
});
