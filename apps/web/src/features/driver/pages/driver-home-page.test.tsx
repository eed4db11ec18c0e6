import { ROLE_IDS, type TDriverJob } from '@courier/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driverJob } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

// The driver layout loads the job screens ahead for offline use; let those loads finish before the file's
// environment is torn down, or a late import fails the whole run.
afterAll(async () => {
  await Promise.all([
    import('./driver-job-page'),
    import('./pickup-check-page'),
    import('./proof-of-delivery-page'),
    import('./failed-attempt-page'),
  ]);
});

const job = (over: Partial<TDriverJob>): TDriverJob => driverJob(over);

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Marcus', roleId: ROLE_IDS.DRIVER } });
});
afterEach(() => vi.unstubAllGlobals());

describe('driver home', () => {
  it('puts the first open job of the run on the big button and sends its move with an Idempotency-Key', async () => {
    const jobs = [
      job({ _id: 'j2', orderId: 'MC0000000002', routeOrder: 2 }),
      job({ _id: 'j0', orderId: 'MC0000000000', routeOrder: 1, status: 'delivered', nextStatus: null }),
      job({}),
    ];
    const { fetchMock } = stubApi((url) => {
      if (url.endsWith('/status'))
        return json(200, { success: true, message: 'Moved', data: job({ status: 'moving_to_pickup_location' }) });
      return json(200, { success: true, data: jobs });
    });
    renderRoute('/driver/home');
    expect(await screen.findByText('Next: job 1 · #MC0000000001', {}, slow)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Start pickup run' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/j1/status'))).toBe(true), slow);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/j1/status')) ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ status: 'moving_to_pickup_location' });
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/\S{8,}/);
  });

  it('asks to share the location in a card within the page (not the sticky bar), gone once answered', async () => {
    localStorage.removeItem('driver-share-location');
    stubApi(() => json(200, { success: true, data: [job({})] }));
    renderRoute('/driver/home');
    await screen.findByText('Next: job 1 · #MC0000000001', {}, slow);
    const prompt = screen.getByRole('region', { name: 'Share your location during jobs?' });
    expect(prompt.closest('main')).not.toBeNull();
    expect(prompt.closest('header')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Share your location during jobs?' })).toBeNull();
  });

  it('shows a failed attempt as back on board, not done', async () => {
    localStorage.setItem('driver-share-location', '0');
    stubApi(() => json(200, { success: true, data: [job({ status: 'failed_attempt', nextStatus: null })] }));
    renderRoute('/driver/home');
    expect(await screen.findByText('Back on board: re-attempt or return', {}, slow)).toBeVisible();
    fireEvent.click(screen.getByRole('link', { name: /#MC0000000001/ }));
    expect(await screen.findByText(/Back on board: re-attempt or return/, { selector: 'p' }, slow)).toBeVisible();
    expect(screen.queryByText(/Done on today's run/)).toBeNull();
  });
});
