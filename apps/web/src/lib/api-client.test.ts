import { ROLE_IDS } from '@courier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setSessionEndedHandler } from './api-client';
import { errorMessage } from './error-message';
import { json, stubApi } from '@/testing/stub-api';
import { getRefreshToken, getToken, getUser, setSession } from './session';

const fail = (status: number, message: string, error = 'X') => json(status, { success: false, message, error });
const bearer = (init: RequestInit) => new Headers(init.headers).get('Authorization');
const stubServer = stubApi;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const user = { _id: 'u1', email: 'nurse@clinic.org', roleId: ROLE_IDS.CUSTOMER };
let sessionEnded: ReturnType<typeof vi.fn<(path: string) => void>>;

beforeEach(() => {
  sessionEnded = vi.fn<(path: string) => void>();
  setSessionEndedHandler(sessionEnded);
  setSession({ token: 'old', refreshToken: 'r1', user });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client requests', () => {
  it('prefixes /api, sends the stored token as a bearer header and JSON-encodes the body', async () => {
    const { fetchMock } = stubServer(() => json(200, { success: true, data: { _id: 'd1' } }));
    const result = await api.post<{ data: { _id: string } }>(
      '/v1/deliveries',
      { recipientName: 'Ward 4' },
      { query: { draft: true, skip: undefined } },
    );

    expect(result.data._id).toBe('d1');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/deliveries?draft=true');
    expect(init.method).toBe('POST');
    expect(bearer(init)).toBe('Bearer old');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ recipientName: 'Ward 4' }));
  });

  it('passes FormData through untouched, leaving the multipart content type to the browser', async () => {
    const { fetchMock } = stubServer(() => json(201, { _id: 'd2' }));
    const form = new FormData();
    form.append('recipientName', 'Lab');
    await api.post('/v1/deliveries', form);

    const [, init] = fetchMock.mock.calls[0];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('accepts paths already carrying /api and sends no authorization header when signed out', async () => {
    localStorage.clear();
    const { fetchMock } = stubServer(() => json(200, { status: 'delivered' }));
    await api.get('/api/v1/deliveries/track/MC1/details');

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/deliveries/track/MC1/details');
    expect(bearer(init)).toBeNull();
  });

  it("rejects with an ApiError carrying the status and the server's body", async () => {
    stubServer(() => fail(409, 'This information is already registered'));
    const error = await api.post('/v1/auth/register', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'This information is already registered', data: { success: false, error: 'X' } });
    expect((error as ApiError).isModuleError).toBeUndefined();
    expect((error as ApiError).serverMessage).toBe('This information is already registered');
  });

  it('falls back to the status text when the server sent no message', async () => {
    stubServer(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await api.get('/v1/notifications').catch((e: unknown) => e)) as ApiError;

    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway' });
    expect(error.serverMessage).toBeUndefined();
  });

  it('rejects with status 0 when no response arrives', async () => {
    stubServer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/v1/notifications')).rejects.toMatchObject({ status: 0 });
  });

  it('reads the code, the named field and the seconds to wait from the error body', async () => {
    stubServer(() =>
      json(429, { success: false, message: 'Too many requests. Please try again later.', error: 'RATE_LIMITED', retryAfter: 42 }),
    );
    const limited = (await api.get('/v1/notifications').catch((e: unknown) => e)) as ApiError;
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 42 });

    stubServer(() => json(400, { success: false, message: 'phone: Phone is required', error: 'BAD_REQUEST', field: 'phone' }));
    const invalid = (await api.post('/v1/optform', {}).catch((e: unknown) => e)) as ApiError;
    expect(invalid).toMatchObject({ code: 'BAD_REQUEST', field: 'phone' });
  });

  it('takes the code a status stands for when the body carries none', async () => {
    stubServer(() => new Response('', { status: 404 }));
    expect(await api.get('/v1/nowhere').catch((e: unknown) => e)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('keeps the session on a 401 whose body only says "Token expired" without the code', async () => {
    const { callsTo } = stubServer(() => fail(401, 'Token expired', 'UNAUTHORIZED'));
    await expect(api.get('/v1/deliveries/d1')).rejects.toMatchObject({ status: 401 });
    expect(callsTo('/api/auth/refresh-token')).toHaveLength(0);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('marks a 403 naming a module as a module-access error', async () => {
    stubServer((url) => (url.endsWith('/label') ? fail(403, 'Access to the labels module is not enabled') : fail(403, 'Forbidden')));

    await expect(api.get('/v1/deliveries/d1/label')).rejects.toMatchObject({ status: 403, isModuleError: true });
    const plain = (await api.get('/v1/deliveries/d1').catch((e: unknown) => e)) as ApiError;
    expect(plain.isModuleError).toBeUndefined();
    expect(getToken()).toBe('old');
  });
});

describe('api client on an expired token', () => {
  it('refreshes once for several concurrent requests and retries each once with the new token', async () => {
    const refresh = deferred<Response>();
    const { callsTo } = stubServer((url, init) => {
      if (url === '/api/auth/refresh-token') return refresh.promise;
      if (bearer(init) === 'Bearer old') return fail(401, 'Token expired', 'TOKEN_EXPIRED');
      return json(200, { path: url });
    });

    const pending = Promise.all([
      api.get('/v1/deliveries/my-deliveries'),
      api.get('/v1/notifications'),
      api.patch('/v1/notifications/n1/read'),
    ]);
    // Let all three fail before the refresh answers.
    await vi.waitFor(() => expect(callsTo('/api/auth/refresh-token')).toHaveLength(1));
    refresh.resolve(json(200, { token: 'new', refreshToken: 'r2' }));

    expect(await pending).toEqual([
      { path: '/api/v1/deliveries/my-deliveries' },
      { path: '/api/v1/notifications' },
      { path: '/api/v1/notifications/n1/read' },
    ]);
    expect(callsTo('/api/auth/refresh-token')).toHaveLength(1);
    expect(JSON.parse(String(callsTo('/api/auth/refresh-token')[0][1]?.body))).toEqual({ refreshToken: 'r1' });
    for (const path of ['/api/v1/deliveries/my-deliveries', '/api/v1/notifications', '/api/v1/notifications/n1/read']) {
      expect(callsTo(path).map(([, init]) => bearer(init))).toEqual(['Bearer old', 'Bearer new']);
    }
    expect(getToken()).toBe('new');
    expect(getRefreshToken()).toBe('r2');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('retries a request whose expiry arrives after the refresh finished with the new token, without refreshing again', async () => {
    const slowFailure = deferred<Response>();
    const { callsTo } = stubServer((url, init) => {
      if (url === '/api/auth/refresh-token') return json(200, { token: 'new', refreshToken: 'r2' });
      if (url === '/api/v1/slow' && bearer(init) === 'Bearer old') return slowFailure.promise;
      if (bearer(init) === 'Bearer old') return fail(401, 'jwt expired', 'TOKEN_EXPIRED');
      return json(200, { path: url });
    });

    const slow = api.get('/v1/slow');
    await api.get('/v1/fast');
    slowFailure.resolve(fail(401, 'Token expired', 'TOKEN_EXPIRED'));

    await expect(slow).resolves.toEqual({ path: '/api/v1/slow' });
    expect(callsTo('/api/auth/refresh-token')).toHaveLength(1);
  });

  it('does not retry a second time when the retried request fails on expiry again', async () => {
    const { callsTo } = stubServer((url) => {
      if (url === '/api/auth/refresh-token') return json(200, { token: 'new', refreshToken: 'r2' });
      return fail(401, 'Token expired', 'TOKEN_EXPIRED');
    });

    await expect(api.get('/v1/deliveries/d1')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(callsTo('/api/v1/deliveries/d1')).toHaveLength(2);
    expect(callsTo('/api/auth/refresh-token')).toHaveLength(1);
  });

  it('clears the session and goes to /auth/login when no refresh token is stored', async () => {
    localStorage.removeItem('refreshToken');
    const { callsTo } = stubServer(() => fail(401, 'Token expired', 'TOKEN_EXPIRED'));

    await expect(api.get('/v1/deliveries/d1')).rejects.toMatchObject({ status: 401 });
    expect(callsTo('/api/auth/refresh-token')).toHaveLength(0);
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledWith('/auth/login');
  });

  it('clears the session and goes to /auth/login when the refresh fails', async () => {
    const { callsTo } = stubServer((url) =>
      url === '/api/auth/refresh-token' ? fail(401, 'Invalid refresh token', 'TOKEN_INVALID') : fail(401, 'Token expired', 'TOKEN_EXPIRED'),
    );

    await expect(Promise.all([api.get('/v1/a'), api.get('/v1/b')])).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(callsTo('/api/v1/b')).toHaveLength(1));
    expect(callsTo('/api/auth/refresh-token')).toHaveLength(1);
    expect(callsTo('/api/v1/a')).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledWith('/auth/login');
  });
});

describe('api client on an unusable token', () => {
  it.each(['Invalid token', 'No token provided', 'Token malformed'])(
    'clears the session and goes to /auth/login on 401 %s',
    async (message) => {
      const { callsTo } = stubServer(() => fail(401, message, 'TOKEN_INVALID'));

      await expect(api.get('/v1/deliveries/my-deliveries')).rejects.toMatchObject({ status: 401, message });
      expect(callsTo('/api/auth/refresh-token')).toHaveLength(0);
      expect(callsTo('/api/v1/deliveries/my-deliveries')).toHaveLength(1);
      expect(getToken()).toBeNull();
      expect(getUser()).toBeNull();
      expect(sessionEnded).toHaveBeenCalledWith('/auth/login');
    },
  );

  it('keeps the session on any other 401, such as a wrong password', async () => {
    stubServer(() => fail(401, 'Invalid email or password', 'UNAUTHORIZED'));

    await expect(api.post('/v1/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('old');
    expect(sessionEnded).not.toHaveBeenCalled();
  });
});

describe('errorMessage (signed-in failure toasts)', () => {
  it.each([
    [
      'a readable error field first',
      new ApiError(400, 'm', { message: 'Phone is invalid', error: 'Phone must be a valid phone number' }),
      'Phone must be a valid phone number',
    ],
    [
      'the message when the error field is a code',
      new ApiError(400, 'm', { message: 'Current password is incorrect', error: 'BAD_REQUEST' }),
      'Current password is incorrect',
    ],
    ['the fallback when the server sent neither', new ApiError(502, 'Bad Gateway', undefined), 'Failed to update profile'],
    ['the fallback when no response arrived', new ApiError(0, 'Failed to fetch'), 'Failed to update profile'],
    ["the client's own message for other errors", new Error('Invalid response from server'), 'Invalid response from server'],
    ['the fallback for anything else', 'boom', 'Failed to update profile'],
  ])('takes %s', (_case, error, expected) => {
    expect(errorMessage(error, 'Failed to update profile')).toBe(expected);
  });
});
