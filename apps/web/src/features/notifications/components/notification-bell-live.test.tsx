import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { useLiveUpdates } from '@/hooks/use-live-updates';
import { LIVE_EVENTS_PATH } from '@/lib/live-events';
import { notificationsKeys } from '../api/get-notifications';
import { NotificationBell } from './notification-bell';

// The server is the outside world here: fetch is stubbed, with a stream the test writes to.
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const notice = {
  _id: 'n1',
  title: 'Delivery in transit',
  message: 'On its way',
  isRead: false,
  createdAt: new Date().toISOString(),
  deliveryId: 'd1',
};

/** What a signed-in layout does: the bell, and the stream that refreshes it. */
function SignedInBar() {
  useLiveUpdates(LIVE_EVENTS_PATH, [notificationsKeys.all]);
  return <NotificationBell />;
}

afterEach(() => vi.unstubAllGlobals());

describe('the bell with live updates', () => {
  it('shows a new notification the moment its event arrives, without waiting for the 30-second poll', async () => {
    let serverHas: (typeof notice)[] = [];
    let push: (text: string) => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/v1/events'
          ? new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
          : json({ success: true, data: serverHas, unreadCount: serverHas.length }),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <SignedInBar />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
    expect(screen.queryByTestId('notification-badge')).toBeNull();

    serverHas = [notice];
    push('id: 9\nevent: notification.created\ndata: {"deliveryId":"d1"}\n\n');
    expect((await screen.findByTestId('notification-badge', {}, { timeout: 2000 })).textContent).toBe('1');
  });
});
