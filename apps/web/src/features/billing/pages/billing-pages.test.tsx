import { ROLE_IDS, type TCustomerAccount, type TRateCard } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const account: TCustomerAccount = {
  _id: 'a1',
  name: 'Quincy Dialysis',
  billingEmail: 'billing@quincy.test',
  billingAddress: '1 Main St',
  paymentTermsDays: 30,
  creditLimitCents: null,
  creditPolicy: 'ignore',
  rateCardId: null,
  poRequired: false,
  members: 3,
  createdAt: '2026-03-02T15:00:00.000Z',
  updatedAt: '2026-03-02T15:00:00.000Z',
};
const price = (baseCents: number) => ({ baseCents, includedMiles: 5, perMileCents: 150, minimumCents: baseCents });
const card: TRateCard = {
  _id: 'rc1',
  name: 'Clinics 2026',
  currency: 'USD',
  version: 2,
  effectiveFrom: '2026-03-01T15:00:00.000Z',
  deliveryTypes: { STANDARD: price(1500), EXPRESS: price(2500), SAME_DAY: price(2000), NEXT_DAY: price(1200) },
  zones: [],
  zonePrices: [],
  sizeCents: { large: 500 },
  surcharges: { statPercent: 25, waitTime: { graceMinutes: 10, perMinuteCents: 50, capCents: 2000 } },
  versions: [
    { version: 1, effectiveFrom: '2026-02-01T15:00:00.000Z', inUse: true },
    { version: 2, effectiveFrom: '2026-03-01T15:00:00.000Z', inUse: false },
  ],
  createdAt: '2026-02-01T15:00:00.000Z',
  updatedAt: '2026-03-01T15:00:00.000Z',
};
const paging = { page: 1, limit: 20, total: 1, totalPages: 1 };
const signIn = (role: 'ADMIN' | 'MANAGER') =>
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Ada', roleId: ROLE_IDS[role] } });

afterEach(() => vi.unstubAllGlobals());

describe('accounts', () => {
  it('an administrator sets terms, a credit limit in dollars and the rate card; the patch carries cents', async () => {
    signIn('ADMIN');
    const { calls } = stubApi((url, init) => {
      if (url.includes('/admin/rate-cards')) return json(200, { success: true, data: [card] });
      if (init.method === 'PATCH')
        return json(200, { success: true, message: 'Account saved', data: { ...account, ...JSON.parse(String(init.body)) } });
      return json(200, { success: true, data: [account], paging });
    });
    renderRoute('/admin/accounts');
    const row = (await screen.findByText('Quincy Dialysis', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Net 30')).toBeVisible();
    expect(within(row).getByText('No limit')).toBeVisible();
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Quincy Dialysis' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Payment terms (days)'), { target: { value: '45' } });
    fireEvent.change(within(dialog).getByLabelText('Credit limit ($)'), { target: { value: 'lots' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save account' }));
    expect(await within(dialog).findByText(/Enter an amount such as 5000/)).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('Credit limit ($)'), { target: { value: '$5,000.50' } });
    fireEvent.change(within(dialog).getByLabelText('Over the limit'), { target: { value: 'enforce' } });
    fireEvent.change(within(dialog).getByLabelText('Rate card'), { target: { value: 'rc1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save account' }));
    await vi.waitFor(() => expect(calls('/api/v1/admin/accounts/a1')).toHaveLength(1));
    expect(calls('/api/v1/admin/accounts/a1')[0].body).toMatchObject({
      paymentTermsDays: 45,
      creditLimitCents: 500050,
      creditPolicy: 'enforce',
      rateCardId: 'rc1',
      poRequired: false,
    });
  }, 20_000);

  it('an administrator opens an account: fields named before sending, the owner invited, cents sent, the list reloaded', async () => {
    signIn('ADMIN');
    let created = false;
    const { calls } = stubApi((url, init) => {
      if (url.includes('/admin/rate-cards')) return json(200, { success: true, data: [card] });
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        if (body.ownerEmail === 'driver@fleet.test')
          return json(409, {
            success: false,
            error: 'CONFLICT',
            message: 'This e-mail belongs to a staff or driver account, which cannot join a customer account',
          });
        if (body.rateCardId === 'rc1' && body.name === 'Gone card')
          return json(400, { success: false, error: 'BAD_REQUEST', message: 'rateCardId: No rate card has this id', field: 'rateCardId' });
        created = true;
        return json(201, {
          success: true,
          message: 'Account opened; the owner is invited',
          data: { ...account, _id: 'a2', ...body, members: 0 },
        });
      }
      const opened = { ...account, _id: 'a2', name: 'Bayside Pharmacy', members: 0 };
      return json(200, { success: true, data: created ? [account, opened] : [account], paging });
    });
    renderRoute('/admin/accounts');
    await screen.findByText('Quincy Dialysis', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }));
    expect(await within(dialog).findByText('Name the account')).toBeVisible();
    expect(within(dialog).getByText('Enter a valid billing e-mail')).toBeVisible();
    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeVisible();
    expect(calls('/api/v1/admin/accounts').filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Gone card' } });
    fireEvent.change(within(dialog).getByLabelText('Billing e-mail'), { target: { value: 'ap@bayside.test' } });
    fireEvent.change(within(dialog).getByLabelText('Payment terms (days)'), { target: { value: '45' } });
    fireEvent.change(within(dialog).getByLabelText('Credit limit ($)'), { target: { value: '2,500' } });
    fireEvent.change(within(dialog).getByLabelText('Over the limit'), { target: { value: 'enforce' } });
    fireEvent.change(within(dialog).getByLabelText('Rate card'), { target: { value: 'rc1' } });
    fireEvent.change(within(dialog).getByLabelText("Owner's e-mail"), { target: { value: 'driver@fleet.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }));
    expect(await within(dialog).findByText(/belongs to a staff or driver account/)).toBeVisible();
    expect(within(dialog).getByLabelText("Owner's e-mail")).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(within(dialog).getByLabelText("Owner's e-mail"), { target: { value: 'pharmacist@bayside.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }));
    expect(await within(dialog).findByText('No rate card has this id')).toBeVisible();
    expect(within(dialog).getByLabelText('Rate card')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Bayside Pharmacy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }));
    expect(await screen.findByText('Bayside Pharmacy opened; pharmacist@bayside.test is invited as its owner', {}, slow)).toBeVisible();
    const posts = calls('/api/v1/admin/accounts').filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(3);
    expect(posts[2].body).toEqual({
      name: 'Bayside Pharmacy',
      billingEmail: 'ap@bayside.test',
      billingAddress: '',
      paymentTermsDays: 45,
      creditLimitCents: 250000,
      creditPolicy: 'enforce',
      rateCardId: 'rc1',
      poRequired: false,
      ownerEmail: 'pharmacist@bayside.test',
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Bayside Pharmacy', {}, slow)).toBeVisible();
  }, 30_000);

  it('a manager reads accounts without an Edit button', async () => {
    signIn('MANAGER');
    stubApi((url) =>
      url.includes('/admin/rate-cards')
        ? json(200, { success: true, data: [card] })
        : json(200, { success: true, data: [{ ...account, rateCardId: 'rc1' }], paging }),
    );
    renderRoute('/admin/accounts');
    const row = (await screen.findByText('Quincy Dialysis', {}, slow)).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Clinics 2026')).toBeVisible();
    expect(within(row).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New account' })).toBeNull();
  }, 20_000);
});

describe('rate cards', () => {
  it('shows a card in dollars and saves the changed price in cents, keeping what was not touched', async () => {
    signIn('ADMIN');
    const { calls } = stubApi((_url, init) => {
      if (init.method === 'PATCH') return json(200, { success: true, message: 'Rate card saved', data: { ...card, version: 3 } });
      return json(200, { success: true, data: card });
    });
    renderRoute('/admin/rate-cards/rc1');
    const base = (await screen.findAllByLabelText('Base', {}, slow))[2];
    expect(base).toHaveValue('20.00');
    expect(screen.getByLabelText(/STAT \(% of base\)/)).toHaveValue('25');
    fireEvent.change(base, { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate card' }));
    const patches = () => calls('/api/v1/admin/rate-cards/rc1').filter((c) => c.method === 'PATCH');
    await vi.waitFor(() => expect(patches()).toHaveLength(1));
    const body = patches()[0].body;
    expect(body.deliveryTypes.SAME_DAY).toEqual({ baseCents: 2400, includedMiles: 5, perMileCents: 150, minimumCents: 2000 });
    expect(body.sizeCents).toEqual({ large: 500 });
    expect(body.surcharges).toEqual({ statPercent: 25, waitTime: { graceMinutes: 10, perMinuteCents: 50, capCents: 2000 } });
    expect(await screen.findByText('Saved as version 3', {}, slow)).toBeVisible();
  }, 20_000);

  it('names a bad field and sends nothing', async () => {
    signIn('ADMIN');
    const { calls } = stubApi(() => json(200, { success: true, data: card }));
    renderRoute('/admin/rate-cards/rc1');
    const [standardBase] = await screen.findAllByLabelText('Base', {}, slow);
    fireEvent.change(standardBase, { target: { value: '15.999' } });
    fireEvent.change(screen.getByLabelText(/Free minutes/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate card' }));
    expect(await screen.findByText(/Wait time needs the free minutes/)).toBeVisible();
    expect(standardBase).toHaveAttribute('aria-invalid', 'true');
    expect(calls('/api/v1/admin/rate-cards/rc1').filter((c) => c.method === 'PATCH')).toHaveLength(0);
  }, 20_000);

  it('fuel: a manager reads the ranges; an administrator adds one', async () => {
    signIn('ADMIN');
    const { calls } = stubApi((url, init) => {
      if (url.includes('/fuel-surcharges') && init.method === 'POST')
        return json(201, {
          success: true,
          message: 'Fuel surcharge added',
          data: { _id: 'f2', from: '2026-12-01', to: null, percent: 14, createdAt: '' },
        });
      if (url.includes('/fuel-surcharges'))
        return json(200, { success: true, data: [{ _id: 'f1', from: '2026-11-01', to: '2026-11-30', percent: 12.5, createdAt: '' }] });
      return json(200, { success: true, data: [card] });
    });
    renderRoute('/admin/rate-cards');
    expect(await screen.findByText('Clinics 2026', {}, slow)).toBeVisible();
    expect(await screen.findByText('12.5%')).toBeVisible();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Percent'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(calls('/api/v1/admin/fuel-surcharges').filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls('/api/v1/admin/fuel-surcharges').find((c) => c.method === 'POST')?.body).toEqual({ from: '2026-12-01', percent: 14 });
  }, 20_000);
});
