import type { TTrackingResult } from '@courier/contract';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderInApp, stubApi } from '@/testing/render-route';
import { TrackingSummary } from './tracking-summary';

afterEach(() => vi.unstubAllGlobals());

const delivered = (rejected: boolean): TTrackingResult => ({
  pieceCount: 1,
  trackingNumber: 'MC0000000001',
  status: 'delivered',
  onHold: false,
  rejected,
  estimatedDelivery: null,
  estimatedDeliveryDisplay: null,
  origin: null,
  destination: null,
  currentLocation: null,
  currentLocationCoords: null,
  timeline: [],
});

const show = (result: TTrackingResult) => {
  stubApi(() =>
    json(200, {
      success: true,
      data: { orderId: result.trackingNumber, status: 'delivered', rejected: result.rejected, feedbackSubmitted: false },
    }),
  );
  renderInApp(
    <MemoryRouter>
      <TrackingSummary result={result} />
    </MemoryRouter>,
  );
};

describe('the tracking summary of a delivered parcel', () => {
  it('asks how we did when the lab accepted it', async () => {
    show(delivered(false));
    expect(await screen.findByText(/How did we do\?/)).toBeVisible();
    expect(screen.getByText('Delivered', { selector: '[data-status]' })).toHaveAttribute('data-status', 'delivered');
  });

  it('shows a lab rejection as such, not a green "delivered", and asks no feedback', async () => {
    show(delivered(true));
    const badge = screen.getByText('Rejected by lab');
    expect(badge).toHaveAttribute('data-status', 'rejected');
    expect(badge.className).not.toMatch(/emerald/);
    expect(screen.queryByText('Delivered', { selector: '[data-status]' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/How did we do\?/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Leave feedback' })).toBeNull();
  });
});

describe('the tracking summary of a parcel about to arrive', () => {
  it('says the minutes the recipient was told', async () => {
    show({
      ...delivered(false),
      status: 'in_transit',
      estimatedDelivery: new Date(Date.now() + 8 * 60_000).toISOString(),
      arrivingSoon: 'About 8 minutes away',
    });
    expect(await screen.findByText('About 8 minutes away')).toBeVisible();
  });
});
