import { codeOfStatus, isErrorCode, type TErrorBody, type TErrorCode } from '@courier/contract';
import { paths } from '@/config/paths';
import { clearSession, getRefreshToken, getToken, setTokens } from './session';

/**
 * The one place that knows tokens: adds the bearer header, refreshes an expired
 * access token once (single flight) and retries, and ends the session on an unusable token.
 */

export const API_BASE = '/api';
/** The refresh path has no /v1. */
export const REFRESH_PATH = '/auth/refresh-token';

export class ApiError extends Error {
  readonly status: number;
  /** The parsed response body, usually the contract's error body {success: false, message, error, field?, retryAfter?}. */
  readonly data: unknown;
  /** Set on a 403 whose message names a module (module-level feature gating). */
  readonly isModuleError?: boolean;

  constructor(status: number, message: string, data?: unknown, isModuleError?: boolean) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    if (isModuleError) this.isModuleError = true;
  }

  private get body(): Partial<TErrorBody> | undefined {
    return this.data && typeof this.data === 'object' ? (this.data as Partial<TErrorBody>) : undefined;
  }

  /** The `message` of the server's body; undefined when it sent none (message then falls back to the status text). */
  get serverMessage(): string | undefined {
    const message = this.body?.message;
    return typeof message === 'string' && message ? message : undefined;
  }

  /** The server's `error` field, when it sent one. */
  get error(): string | undefined {
    const error = this.body?.error;
    return typeof error === 'string' ? error : undefined;
  }

  /** The contract's code of the failure: the one the server sent, else the one its status stands for; none without an answer. */
  get code(): TErrorCode | undefined {
    if (isErrorCode(this.body?.error)) return this.body.error;
    return this.status > 0 ? codeOfStatus(this.status) : undefined;
  }

  /** The input the server named as wrong (a validation error's first field). */
  get field(): string | undefined {
    return this.body?.field ?? this.body?.errors?.[0]?.field ?? undefined;
  }

  /** The first validation issue's message (a 400 names each bad field). */
  get fieldMessage(): string | undefined {
    const message = this.body?.errors?.[0]?.message;
    return typeof message === 'string' && message ? message : undefined;
  }

  /** Seconds to wait before trying again (a 429). */
  get retryAfter(): number | undefined {
    const seconds = this.body?.retryAfter;
    return typeof seconds === 'number' ? seconds : undefined;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

export type TQuery = Record<string, string | number | boolean | null | undefined>;

export interface TRequestOptions {
  headers?: Record<string, string>;
  /** Appended as a query string; null and undefined values are left out. */
  query?: TQuery;
  signal?: AbortSignal;
  /** How to read a successful body; by default JSON when the server says so, else text. 'stream' gives the Response unread. */
  responseType?: 'json' | 'text' | 'blob' | 'stream';
}

let onSessionEnded = (loginPath: string): void => {
  if (window.location.pathname !== loginPath) window.location.assign(loginPath);
};

/** Replaces what happens after the session is cleared (default: a full page load of /auth/login). */
export function setSessionEndedHandler(handler: (loginPath: string) => void): void {
  onSessionEnded = handler;
}

function endSession(): void {
  clearSession();
  onSessionEnded(paths.auth.login);
}

export function buildUrl(path: string, query?: TQuery): string {
  // Accept both '/v1/x' and '/api/v1/x' (callers write both).
  const base = path === API_BASE || path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  const passThrough =
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    typeof body === 'string';
  if (passThrough) return body as BodyInit;
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response, responseType?: Exclude<TRequestOptions['responseType'], 'stream'>): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text') return text;
  const isJson = responseType === 'json' || (response.headers.get('Content-Type') ?? '').includes('json');
  if (!isJson || text === '') return text === '' ? undefined : text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(data: unknown, response: Response): string {
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
    return (data as { message: string }).message;
  }
  if (typeof data === 'string' && data.length > 0 && data.length < 300) return data;
  return response.statusText || `Request failed with status ${response.status}`;
}

let refreshInFlight: Promise<boolean> | null = null;

/** Exchanges the refresh token for a new pair; every caller during one refresh shares it. */
function refreshSession(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    try {
      const response = await fetch(buildUrl(REFRESH_PATH), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      if (!response.ok) return false;
      const body = (await response.json()) as { token?: string; refreshToken?: string; data?: { token?: string; refreshToken?: string } };
      const token = body.token ?? body.data?.token;
      if (!token) return false;
      setTokens(token, body.refreshToken ?? body.data?.refreshToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function send<T>(method: string, path: string, body: unknown, options: TRequestOptions, isRetry: boolean): Promise<T> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: encodeBody(body, headers),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    // No response at all: status 0 lets callers show their "unable to reach the server" message.
    throw new ApiError(0, (error as Error)?.message || 'Network error', undefined);
  }

  if (response.ok) return (options.responseType === 'stream' ? response : await readBody(response, options.responseType)) as T;

  const data = await readBody(response);
  const message = messageOf(data, response);
  const failure = new ApiError(response.status, message, data);

  // A 401 of an expired token is refreshed once; an unusable token ends the session.
  if (failure.code === 'TOKEN_EXPIRED') {
    if (isRetry) throw failure;
    // Another request may already have refreshed since this one was sent: use that token.
    const current = getToken();
    const refreshed = current && current !== token ? true : await refreshSession();
    if (refreshed) return send<T>(method, path, body, options, true);
    endSession();
    throw failure;
  }
  if (failure.code === 'TOKEN_INVALID') {
    endSession();
    throw failure;
  }
  // Module-level gating is a 403 whose message names the module.
  if (failure.code === 'MODULE_FORBIDDEN' || (response.status === 403 && message.toLowerCase().includes('module'))) {
    throw new ApiError(403, message, data, true);
  }
  throw failure;
}

export function request<T = unknown>(method: string, path: string, body?: unknown, options: TRequestOptions = {}): Promise<T> {
  return send<T>(method.toUpperCase(), path, body, options, false);
}

/** Paths are relative to /api, e.g. api.get('/v1/deliveries/my-deliveries', {query: {page: 1}}). */
export const api = {
  get: <T = unknown>(path: string, options?: TRequestOptions) => request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: TRequestOptions) => request<T>('POST', path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: TRequestOptions) => request<T>('PUT', path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: TRequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T = unknown>(path: string, options?: TRequestOptions) => request<T>('DELETE', path, undefined, options),
};
