import type { THl7Sender } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { customerAccount } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const saved = [
  {
    _id: 'p1',
    kind: 'pickup',
    label: 'Ward 3',
    address: '55 Fruit St, Boston, MA 02114',
    contactName: '',
    phone: '617-555-0100',
    email: '',
  },
  {
    _id: 'r1',
    kind: 'recipient',
    label: 'Core lab',
    address: '330 Brookline Ave, Boston, MA 02215',
    contactName: 'Reception',
    phone: '617-555-0199',
    email: 'lab@lab.test',
  },
].map((a) => ({ ...a, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' }));

const sender: THl7Sender = {
  _id: 's1',
  sendingFacility: 'GENERAL-HOSP',
  allowedAddresses: ['10.20.0.0/16'],
  pickupAddressId: 'p1',
  recipientAddressId: 'r1',
  outbound: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};

function stubIntegrations(opts: { senders?: THl7Sender[]; create?: () => Response } = {}) {
  let senders = opts.senders ?? [];
  return stubApi((url, init) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    if (key === 'GET /api/v1/auth/me') return json(200, { success: true, data: customerAccount });
    if (key === 'GET /api/v1/account')
      return json(200, { success: true, data: { role: 'owner', account: { _id: 'a1', name: 'Harbor Lab' } } });
    if (key === 'GET /api/v1/addresses') return json(200, { success: true, data: saved });
    if (key === 'GET /api/v1/integrations/hl7-senders')
      return json(200, { success: true, data: senders, listener: { host: 'courier.example', port: 2575, tls: true } });
    if (key === 'POST /api/v1/integrations/hl7-senders') {
      if (opts.create) return opts.create();
      const body = JSON.parse(String(init.body));
      const made = { ...sender, _id: 's2', sendingFacility: body.sendingFacility, allowedAddresses: body.allowedAddresses };
      senders = [...senders, made];
      return json(201, { success: true, message: 'HL7 sender registered', data: made });
    }
    if (key === 'DELETE /api/v1/integrations/hl7-senders/s1') {
      senders = senders.filter((s) => s._id !== 's1');
      return json(200, { success: true, message: 'HL7 sender removed' });
    }
    return json(200, key.includes('notifications') ? [] : { success: true, data: [] });
  });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

beforeEach(() => setSession({ token: 't1', refreshToken: 'r1', user: customerAccount }));
afterEach(() => vi.unstubAllGlobals());

describe('integrations: HL7 senders', () => {
  it('shows where to point the engine, registers a sender from the form and lists it', async () => {
    const { calls } = stubIntegrations();
    renderRoute('/account/integrations');
    expect(await screen.findByText('courier.example:2575', {}, slow)).toBeVisible();
    expect(screen.getByText(/MLLP over TLS/)).toBeVisible();
    type('Sending facility (MSH-4)', 'NEW-HOSP');
    type('Allowed addresses', '203.0.113.10\n10.20.0.0/16\n');
    await screen.findByRole('option', { name: /Ward 3/ }, slow);
    type('Pickup point', 'p1');
    type('Deliver to', 'r1');
    fireEvent.click(screen.getByRole('button', { name: 'Register sender' }));
    const list = await screen.findByRole('list', { name: 'HL7 senders' }, slow);
    expect(within(list).getByText('NEW-HOSP')).toBeVisible();
    expect(calls('/api/v1/integrations/hl7-senders').find((c) => c.method === 'POST')?.body).toEqual({
      sendingFacility: 'NEW-HOSP',
      allowedAddresses: ['203.0.113.10', '10.20.0.0/16'],
      pickupAddressId: 'p1',
      recipientAddressId: 'r1',
    });
  });

  it('reads a taken facility by its code and shows it beside the field', async () => {
    stubIntegrations({
      create: () => json(409, { success: false, error: 'CONFLICT', message: 'This sending facility is already registered' }),
    });
    renderRoute('/account/integrations');
    await screen.findByText('courier.example:2575', {}, slow);
    type('Sending facility (MSH-4)', 'GENERAL-HOSP');
    type('Allowed addresses', '127.0.0.1');
    await screen.findByRole('option', { name: /Ward 3/ }, slow);
    type('Pickup point', 'p1');
    type('Deliver to', 'r1');
    fireEvent.click(screen.getByRole('button', { name: 'Register sender' }));
    const input = screen.getByLabelText('Sending facility (MSH-4)', { exact: false });
    await vi.waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'), slow);
    expect(input).toHaveAccessibleDescription('This sending facility is already registered');
  });

  it('removes a sender after confirming', async () => {
    const { calls } = stubIntegrations({ senders: [sender] });
    renderRoute('/account/integrations');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove HL7 sender GENERAL-HOSP' }, slow));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove sender' }));
    await vi.waitFor(() => expect(calls('/api/v1/integrations/hl7-senders/s1')).toHaveLength(1), slow);
    expect(await screen.findByText('No senders yet.', {}, slow)).toBeVisible();
  });
});
