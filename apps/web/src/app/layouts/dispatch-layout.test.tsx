import { ROLE_IDS, type TRole } from '@courier/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

const empty = { success: true, data: [], deliveries: [], paging: { page: 1, limit: 20, total: 0, totalPages: 0 } };
const stats = { success: true, data: { byStatus: {}, total: 0, late: 0, deliveredToday: 0, averageRating: null, ratingCount: 0 } };

function signInAs(role: TRole) {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Sam', lastName: 'Okafor', roleId: ROLE_IDS[role] } });
  stubApi((url) => json(200, url.includes('/admin/stats') ? stats : empty));
}

afterEach(() => vi.unstubAllGlobals());

describe('staff layout', () => {
  it('shows STAFF no Users entry and sends them from /admin/users back to the dashboard', async () => {
    signInAs('STAFF');
    const router = renderRoute('/admin/users');
    const nav = await screen.findByRole('navigation', { name: 'Operations' }, slow);
    expect(within(nav).getByRole('link', { name: 'Dispatch' })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'), slow);
  });

  it('shows an ADMIN the Users page', async () => {
    signInAs('ADMIN');
    renderRoute('/admin/users');
    const nav = await screen.findByRole('navigation', { name: 'Operations' }, slow);
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Users' }, slow)).toBeVisible();
  });
});
