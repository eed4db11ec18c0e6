import { ROLE_IDS, type TAdminMessage } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

const failed: TAdminMessage = {
  _id: 'm1',
  channel: 'email',
  recipient: 'casey@clinic.test',
  subject: 'MC0000000001: Approved',
  status: 'failed',
  attempts: 8,
  lastError: 'SMTP server unavailable',
  createdAt: '2026-03-02T15:00:00.000Z',
  nextAttemptAt: '2026-03-02T16:00:00.000Z',
};
const paging = { page: 1, limit: 20, total: 1, totalPages: 1 };

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Ada', roleId: ROLE_IDS.ADMIN } });
});
afterEach(() => vi.unstubAllGlobals());

describe('failed messages', () => {
  it('lists a failed message with its last error and sends it again on Retry', async () => {
    let retried = false;
    const { calls } = stubApi((url) => {
      if (url.includes('/retry')) {
        retried = true;
        return json(200, {
          success: true,
          message: 'The message will be sent again.',
          data: { ...failed, status: 'pending', attempts: 0 },
        });
      }
      if (url.includes('/admin/messages')) return json(200, { success: true, data: retried ? [] : [failed], paging });
      return json(200, { success: true, data: [], paging: { ...paging, total: 0 } });
    });
    renderRoute('/admin/messages');
    const row = (await screen.findByText('casey@clinic.test', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('SMTP server unavailable')).toBeVisible();
    expect(within(row).getByText('MC0000000001: Approved')).toBeVisible();
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await screen.findByText('The message will be sent again.', {}, slow);
    expect(calls('/api/v1/admin/messages/m1/retry')).toHaveLength(1);
    await screen.findByText('No failed messages. Everything was sent.', {}, slow);
  }, 20_000);
});
