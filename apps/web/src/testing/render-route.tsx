import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { routeTree } from '@/app/router';

/** Pages load lazily: the first render of a route can take a moment under a busy test run. */
export const slow = { timeout: 5000 };

/** The whole app (router, query client, toasts) on one entry of a memory history. */
export function renderRoute(entry: string | { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter(routeTree, { initialEntries: [entry] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type THandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** The API is the outside world: fetch is answered by `handler`; calls are kept for assertions. */
export function stubApi(handler: THandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init ?? {}));
  vi.stubGlobal('fetch', fetchMock);
  const calls = (path: string) =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).split('?')[0] === path)
      .map(([url, init]) => ({ url: String(url), method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined }));
  return { fetchMock, calls };
}
