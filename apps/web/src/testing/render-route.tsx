import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
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

/** One component with the app's providers (query client, toasts) and no router, e.g. a dialog on its own. */
export function renderInApp(node: ReactNode) {
  return render(<AppProvider>{node}</AppProvider>);
}

export { json, stubApi } from './stub-api';
