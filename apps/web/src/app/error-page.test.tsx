import { MESSAGES, ROLE_IDS } from '@courier/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/lib/session';
import { ErrorPage } from './error-page';
import { AppProvider } from './provider';
import { routeTree } from './router';

const Empty = () => null;

function renderApp(path: string) {
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('error page', () => {
  it('shows Page Not Found inside the public layout for an unknown path', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: MESSAGES.notFoundTitle })).toBeVisible();
    expect(screen.getByText(MESSAGES.notFoundText)).toBeVisible();
    expect(screen.getByRole('link', { name: MESSAGES.returnHome }).getAttribute('href')).toBe('/');
    // The public header and footer stay around it.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  });

  it("keeps a signed-in customer's menu around Page Not Found", async () => {
    setSession({ token: 't1', user: { _id: 'u2', firstName: 'Ana', email: 'ana@clinic.org', roleId: ROLE_IDS.CUSTOMER } });
    renderApp('/delivery/d1/no-such-tab');

    expect(await screen.findByRole('heading', { name: MESSAGES.notFoundTitle })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
  });

  it("shows 'Oops! Something went wrong' with the error's message for any other error", async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <ErrorPage />,
        hydrateFallbackElement: <p>Loading</p>,
        Component: Empty,
        loader: () => {
          throw new Error('Label printer unreachable');
        },
      },
    ]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: MESSAGES.errorTitle })).toBeVisible();
    expect(screen.getByText('Label printer unreachable')).toBeVisible();
    expect(screen.getByRole('link', { name: MESSAGES.returnHome }).getAttribute('href')).toBe('/');
  });
});

describe('route guards', () => {
  it('sends a signed-out visitor of /user/home to the login page, remembering where they came from', async () => {
    const router = renderApp('/user/home');

    expect(await screen.findByText(MESSAGES.loginSubtitle)).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/user/home' } });
  });

  it('sends a driver who opens the staff dashboard to the driver area', async () => {
    setSession({ token: 't1', user: { _id: 'u1', firstName: 'Dana', roleId: ROLE_IDS.DRIVER } });
    const router = renderApp('/admin/dashboard');

    expect(await screen.findByRole('heading', { name: 'Hi Dana' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/driver/home');
  });

  it('lets a signed-in customer into the customer layout', async () => {
    setSession({ token: 't1', user: { _id: 'u2', firstName: 'Ana', email: 'ana@clinic.org', roleId: ROLE_IDS.CUSTOMER } });
    renderApp('/deliveries');

    expect(await screen.findByRole('heading', { name: 'My Deliveries' })).toBeVisible();
    expect(screen.getByPlaceholderText(MESSAGES.searchPlaceholder)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeVisible();
  });

  it('logs out to /auth/login without remembering the page, so the next login lands by role', async () => {
    setSession({ token: 't1', user: { _id: 'u2', firstName: 'Ana', roleId: ROLE_IDS.CUSTOMER } });
    const router = renderApp('/user/home');
    await screen.findByRole('heading', { name: 'Welcome Ana !' });

    fireEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]);

    expect(await screen.findByText(MESSAGES.loginSubtitle)).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
