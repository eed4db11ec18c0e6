import type { TFhirNotificationAttempt, TFhirSubscriptionSummary } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { customerAccount } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const sub = (over: Partial<TFhirSubscriptionSummary> = {}): TFhirSubscriptionSummary => ({
  _id: 's1',
  criteria: 'Task?requester=Organization/a1',
  endpoint: 'https://lis.harbor.example/fhir-hook',
  status: 'active',
  error: null,
  end: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
const attempt = (over: Partial<TFhirNotificationAttempt> = {}): TFhirNotificationAttempt => ({
  _id: 'w1',
  messageId: 'msg_1',
  attempt: 1,
  statusCode: 200,
  durationMs: 42,
  succeeded: true,
  error: null,
  createdAt: '2026-11-02T09:00:00.000Z',
  ...over,
});

function stubIntegrationsApi(role: 'owner' | 'member', subs: TFhirSubscriptionSummary[], log: TFhirNotificationAttempt[] = []) {
  const answers: Record<string, () => Response> = {
    'GET /api/v1/auth/me': () => json(200, { success: true, data: customerAccount }),
    'GET /api/v1/account': () => json(200, { success: true, data: { role, account: { _id: 'a1', name: 'Harbor Lab' } } }),
    'GET /api/v1/integrations/fhir-subscriptions': () => json(200, { success: true, data: subs }),
    'GET /api/v1/integrations/fhir-subscriptions/s2/deliveries': () => json(200, { success: true, data: log }),
  };
  return stubApi((url, init) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const answer = answers[key];
    if (answer) return answer();
    return json(200, key.includes('notifications') ? [] : { success: true, data: [] });
  });
}

beforeEach(() => {
  setSession({ token: 't1', refreshToken: 'r1', user: customerAccount });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('integrations page: FHIR Subscriptions', () => {
  it('lists each Subscription with its endpoint and status, why a stopped one stopped, and its delivery log on request', async () => {
    const stopped = sub({
      _id: 's2',
      endpoint: 'https://lis.harbor.example/down',
      status: 'error',
      error: 'Disabled after a day of failures',
    });
    const { calls } = stubIntegrationsApi(
      'owner',
      [sub(), stopped],
      [
        attempt({ _id: 'w2', attempt: 3, statusCode: 500, succeeded: false, error: 'HTTP 500' }),
        attempt({ _id: 'w3', statusCode: null, succeeded: false, error: 'connect ECONNREFUSED', durationMs: 3 }),
      ],
    );
    renderRoute('/account/integrations');
    const list = await screen.findByRole('list', { name: 'FHIR Subscriptions' }, slow);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByText('https://lis.harbor.example/fhir-hook')).toBeVisible();
    expect(within(first).getByText('Active')).toBeVisible();
    expect(within(second).getByText('Stopped: failing')).toBeVisible();
    expect(within(second).getByText('Disabled after a day of failures')).toBeVisible();
    // The log is read only when asked for.
    expect(calls('/api/v1/integrations/fhir-subscriptions/s2/deliveries')).toHaveLength(0);
    const toggle = within(second).getByRole('button', { name: 'Show the delivery log' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const log = await within(second).findByRole('list', { name: 'Delivery log' }, slow);
    expect(calls('/api/v1/integrations/fhir-subscriptions/s2/deliveries')).toHaveLength(1);
    const rows = within(log).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/500 failed · 42 ms · attempt 3/);
    expect(rows[1]).toHaveTextContent(/No answer failed/);
    expect(within(rows[1]).getByText('connect ECONNREFUSED')).toBeVisible();
  });

  it('shows a member the Subscriptions they made, beside who connects the account', async () => {
    stubIntegrationsApi('member', [sub()]);
    renderRoute('/account/integrations');
    expect(await screen.findByRole('list', { name: 'FHIR Subscriptions' }, slow)).toBeVisible();
    expect(screen.getByText("The account's owners connect its systems.")).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'FHIR clients' })).toBeNull();
  });

  it('says when there are none', async () => {
    stubIntegrationsApi('owner', []);
    renderRoute('/account/integrations');
    expect(await screen.findByText('No FHIR Subscriptions yet.', undefined, slow)).toBeVisible();
  });
});
