import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderInApp, stubApi } from '@/testing/render-route';
import { OptinBannerPanel } from './optin-banner-panel';

afterEach(() => vi.unstubAllGlobals());

const renderPanel = () => {
  const onClose = vi.fn();
  renderInApp(<OptinBannerPanel onClose={onClose} />);
  return { onClose, phone: screen.getByLabelText('Phone number') };
};

describe('the landing banner form', () => {
  it('asks for a phone with the contract words and clears the error on edit', async () => {
    const api = stubApi(() => json(200, { success: true, message: 'Saved.' }));
    const { phone } = renderPanel();
    fireEvent.submit(phone);
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone number is required');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(phone, { target: { value: '0617555' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.submit(phone);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid phone number');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed phone with SMS consent from the banner and closes', async () => {
    const api = stubApi(() => json(200, { success: true, message: 'Saved.' }));
    const { phone, onClose } = renderPanel();
    fireEvent.change(phone, { target: { value: ' +1 617 555 0142 ' } });
    fireEvent.submit(phone);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/v1/optform');
    expect(JSON.parse(String(init?.body))).toEqual({
      phone: '+1 617 555 0142',
      consent: { sms: true, email: false, marketing: false },
      source: 'banner',
    });
  });
});
