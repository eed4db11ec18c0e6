import type { TFhirClient } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { customerAccount } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const TOKEN_URL = 'https://medcourier.example/fhir/r4/auth/token';
const RSA_JWK = { kty: 'RSA', kid: 'lis-2026', alg: 'RS384', use: 'sig', n: 'x'.repeat(342), e: 'AQAB' };
const client = (over: Partial<TFhirClient> = {}): TFhirClient => ({
  _id: 'c1',
  clientId: 'c1',
  name: 'Harbor LIS',
  keys: [{ kid: 'lis-2026', alg: 'RS384' }],
  tokenUrl: TOKEN_URL,
  lastUsedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

type TAnswer = (body: unknown) => Response;

function stubIntegrationsApi(role: 'owner' | 'member', overrides: Record<string, TAnswer> = {}) {
  const answers: Record<string, TAnswer> = {
    'GET /api/v1/auth/me': () => json(200, { success: true, data: customerAccount }),
    'GET /api/v1/account': () => json(200, { success: true, data: { role, account: { _id: 'a1', name: 'Harbor Lab' } } }),
    'GET /api/v1/integrations/fhir-clients': () => json(200, { success: true, data: [client()] }),
    ...overrides,
  };
  return stubApi((url, init) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const answer = answers[key];
    if (answer) return answer(init.body ? JSON.parse(String(init.body)) : undefined);
    return json(200, key.includes('notifications') ? [] : { success: true, data: [] });
  });
}

const jwksBox = () => screen.getByLabelText('Public key set (JWKS, JSON)');
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

beforeEach(() => {
  setSession({ token: 't1', refreshToken: 'r1', user: customerAccount });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('integrations page: FHIR clients', () => {
  it('lists the account\u2019s clients with their client_id, and the token URL', async () => {
    stubIntegrationsApi('owner');
    renderRoute('/account/integrations');
    const list = await screen.findByRole('list', { name: 'FHIR clients' }, slow);
    expect(within(list).getByText('Harbor LIS')).toBeVisible();
    expect(within(list).getByText('c1')).toBeVisible();
    expect(screen.getByText(TOKEN_URL)).toBeVisible();
  });

  it('names the field when the pasted JWKS is not JSON or holds a private key, and sends nothing', async () => {
    const { calls } = stubIntegrationsApi('owner');
    renderRoute('/account/integrations');
    await screen.findByRole('list', { name: 'FHIR clients' }, slow);
    type(screen.getByLabelText('Client name'), 'Harbor LIS 2');
    type(jwksBox(), '{"keys": [');
    fireEvent.click(screen.getByRole('button', { name: 'Register client' }));
    expect(await screen.findByText('The JWKS is not valid JSON')).toBeVisible();
    type(jwksBox(), JSON.stringify({ keys: [{ ...RSA_JWK, d: 'secret' }] }));
    fireEvent.click(screen.getByRole('button', { name: 'Register client' }));
    expect(await screen.findByText(/^keys\[0\]\.d: Only public keys/)).toBeVisible();
    expect(jwksBox()).toHaveAttribute('aria-invalid', 'true');
    expect(calls('/api/v1/integrations/fhir-clients').filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('registers a client and shows its client_id to copy; a field the server refuses is shown under the JWKS', async () => {
    let refuse = true;
    const { calls } = stubIntegrationsApi('owner', {
      'POST /api/v1/integrations/fhir-clients': (body) => {
        if (refuse) {
          refuse = false;
          return json(400, {
            success: false,
            error: 'BAD_REQUEST',
            message: 'jwks.keys.0: The key could not be read as an RS384 public key',
            field: 'jwks.keys.0',
          });
        }
        return json(201, {
          success: true,
          message: 'FHIR client registered',
          data: client({ _id: 'c2', clientId: 'c2', name: (body as { name: string }).name }),
        });
      },
    });
    renderRoute('/account/integrations');
    await screen.findByRole('list', { name: 'FHIR clients' }, slow);
    type(screen.getByLabelText('Client name'), 'Harbor LIS 2');
    type(jwksBox(), JSON.stringify({ keys: [RSA_JWK] }));
    fireEvent.click(screen.getByRole('button', { name: 'Register client' }));
    expect(await screen.findByText('keys[0]: The key could not be read as an RS384 public key')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Register client' }));
    expect(await screen.findByTestId('fhir-client-id', {}, slow)).toHaveTextContent('c2');
    const posted = calls('/api/v1/integrations/fhir-clients').filter((c) => c.method === 'POST');
    expect(posted.at(-1)?.body).toEqual({ name: 'Harbor LIS 2', jwks: { keys: [RSA_JWK] } });
  });

  it('deletes a client after a confirm dialog', async () => {
    const { calls } = stubIntegrationsApi('owner', {
      'DELETE /api/v1/integrations/fhir-clients/c1': () => json(200, { success: true, message: 'FHIR client deleted' }),
    });
    renderRoute('/account/integrations');
    await screen.findByRole('list', { name: 'FHIR clients' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Harbor LIS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Harbor LIS?' });
    expect(calls('/api/v1/integrations/fhir-clients/c1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await vi.waitFor(() => expect(calls('/api/v1/integrations/fhir-clients/c1')[0]?.method).toBe('DELETE'), slow);
  });

  it('shows a member no clients and no form', async () => {
    const { calls } = stubIntegrationsApi('member');
    renderRoute('/account/integrations');
    expect(await screen.findByText("The account's owners connect its systems.", {}, slow)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Register a FHIR client' })).toBeNull();
    expect(calls('/api/v1/integrations/fhir-clients')).toHaveLength(0);
  });
});
