import { vi } from 'vitest';

/** A JSON answer of the API. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type THandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * The one fetch stub of the web tests: the API is the outside world, answered by `handler`; everything
 * else (client, hooks, components) is real. `calls(path)` reads the requests sent to a path, `callsTo(path)`
 * gives them raw.
 */
export function stubApi(handler: THandler) {
  const fetchMock = vi.fn<(input: RequestInfo | URL, init: RequestInit) => Promise<Response>>(async (input, init) =>
    handler(String(input), init ?? {}),
  );
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path);
  const calls = (path: string) =>
    callsTo(path).map(([url, init]) => ({
      url: String(url),
      method: init?.method,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
  return { fetchMock, calls, callsTo };
}
