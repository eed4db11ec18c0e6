import { MESSAGES } from '@courier/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/testing/stub-api';
import { NotificationBell } from './notification-bell';

const notification = (id: string, isRead: boolean) => ({
  _id: id,
  title: `Title ${id}`,
  message: `Message ${id}`,
  isRead,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  deliveryId: null,
});

function renderBell() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('NotificationBell', () => {
  it('shows the unread count, lists notifications with relative times, and marks one read on click', async () => {
    let read = false;
    const { fetchMock } = stubApi(async (_input, init) => {
      if (init?.method === 'PATCH') {
        read = true;
        return json(200, { success: true, data: notification('a', true) });
      }
      return json(200, { success: true, data: [notification('a', read), notification('b', true)], unreadCount: read ? 0 : 1 });
    });
    renderBell();

    expect((await screen.findByTestId('notification-badge')).textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByText('Message a')).toBeVisible();
    expect(screen.getAllByText('5 minutes ago')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: /^Title a ?\(unread, select to mark as read\) Message a/ }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(await screen.findByRole('button', { name: /^Title a Message a/ })).toBeVisible();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe('/api/v1/notifications/a/read');
  });

  it('names the bell with the badge as shown and outside parentheses, so the visible count is in the name axe compares', async () => {
    stubApi(async () => json(200, { success: true, data: [notification('a', false)], unreadCount: 120 }));
    renderBell();
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('99+');
    const bell = screen.getByRole('button', { name: 'Notifications, 99+ unread' });
    // axe 4.14 drops parenthesised text from the name before looking for the visible label ("99") in it.
    expect(bell.getAttribute('aria-label')?.replace(/\([^()]*\)/g, '')).toContain('99+');
  });

  it('empties the list and the count when a fetch fails', async () => {
    let fail = false;
    stubApi(async () =>
      fail
        ? json(500, { success: false, message: 'Down' })
        : json(200, { success: true, data: [notification('a', false)], unreadCount: 1 }),
    );
    renderBell();
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('1');

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(await screen.findByText(MESSAGES.noNotifications)).toBeVisible();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('deletes a notification; a failed delete shows nothing and the list comes back from the server', async () => {
    let deleted = false;
    let failDelete = false;
    stubApi(async (_input, init) => {
      if (init?.method === 'DELETE') {
        if (failDelete) return json(500, { success: false, message: 'Down' });
        deleted = true;
        return json(200, { success: true, message: 'Notification deleted' });
      }
      return json(200, {
        success: true,
        data: deleted ? [notification('b', true)] : [notification('a', true), notification('b', true)],
        unreadCount: 0,
      });
    });
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete notification: Title a' }));
    await waitFor(() => expect(screen.queryByText('Message a')).toBeNull());

    failDelete = true;
    fireEvent.click(screen.getByRole('button', { name: 'Delete notification: Title b' }));
    // Removed at once, then back with the server's answer; no error is shown.
    expect(await screen.findByText('Message b')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
