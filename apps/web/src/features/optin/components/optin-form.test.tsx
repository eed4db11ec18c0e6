import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderInApp, renderRoute, slow, stubApi } from '@/testing/render-route';
import { OptinBannerPanel } from './optin-banner-panel';

afterEach(() => vi.unstubAllGlobals());

// The banner and the page apply the sign-up phone rule: US numbers in any usual spelling, never a fragment.
describe('the opt-in phone rule', () => {
  it('the page takes "(617) 555-0177" and sends it', async () => {
    const api = stubApi(() => json(200, { success: true, message: 'Saved.' }));
    renderRoute('/optin');
    fireEvent.change(await screen.findByLabelText(/Phone number/, {}, slow), { target: { value: '(617) 555-0177' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /SMS updates/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('heading', { name: 'All set!' }, slow)).toBeInTheDocument();
    const [, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ phone: '(617) 555-0177', consent: { sms: true } });
  });

  it.each(['617555', '+617555'])('the page and the banner refuse %j and send nothing', async (typed) => {
    const api = stubApi(() => json(200, { success: true, message: 'Saved.' }));
    renderRoute('/optin');
    fireEvent.change(await screen.findByLabelText(/Phone number/, {}, slow), { target: { value: typed } });
    fireEvent.click(screen.getByRole('checkbox', { name: /SMS updates/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid phone number');
    cleanup();

    renderInApp(<OptinBannerPanel onClose={vi.fn()} />);
    const phone = screen.getByLabelText('Phone number');
    fireEvent.change(phone, { target: { value: typed } });
    fireEvent.submit(phone);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid phone number');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

describe('e-mail updates ask where to send them', () => {
  it('shows the e-mail box once e-mail updates are ticked, requires it, checks it by the contract rule and sends it', async () => {
    const api = stubApi(() => json(200, { success: true, message: 'Saved.' }));
    renderRoute('/optin');
    fireEvent.change(await screen.findByLabelText(/Phone number/, {}, slow), { target: { value: '(617) 555-0177' } });
    expect(screen.queryByLabelText(/E-mail address/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /Email updates/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the e-mail address for e-mail updates');
    const email = screen.getByLabelText(/E-mail address/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email must be a valid e-mail address');
    expect(api.fetchMock).not.toHaveBeenCalled();
    fireEvent.change(email, { target: { value: 'Ops@Clinic.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('heading', { name: 'All set!' }, slow)).toBeInTheDocument();
    const [, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ consent: { email: true }, email: 'ops@clinic.org' });
  });
});
