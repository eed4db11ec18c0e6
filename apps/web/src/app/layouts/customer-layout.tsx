import clsx from 'clsx';
import { Menu, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MESSAGES } from '@courier/contract';
import { useLogout } from '@/features/auth/api/logout';
import { deliveriesKeys } from '@/features/deliveries/api/get-my-deliveries';
import { notificationsKeys } from '@/features/notifications/api/get-notifications';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useLiveUpdates } from '@/hooks/use-live-updates';
import { LIVE_EVENTS_PATH } from '@/lib/live-events';
import { useSession } from '@/lib/session';
import { CustomerSidebar } from './components/customer-sidebar';
import { ProfileMenu } from './components/profile-menu';

/** A customer's screens that show deliveries (list, detail, dashboard) and the bell. */
const LIVE_QUERIES = [deliveriesKeys.all, notificationsKeys.all];

const SIDEBAR_KEY = 'sidebar-collapsed';
const readCollapsed = (): boolean => {
  try {
    return localStorage.getItem(SIDEBAR_KEY) === '1';
  } catch {
    return false;
  }
};
const writeCollapsed = (collapsed: boolean): void => {
  try {
    if (collapsed) localStorage.setItem(SIDEBAR_KEY, '1');
    else localStorage.removeItem(SIDEBAR_KEY);
  } catch {
    // private mode: the choice lasts for this page only
  }
};

/** Signed-in customer pages: sidebar (collapsible on desktop, a drawer on mobile) and top bar. */
export function CustomerLayout() {
  const { user } = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();
  // The desktop sidebar stays as the user left it, across reloads.
  const [collapsed, setCollapsed] = useState(() => readCollapsed());
  useEffect(() => writeCollapsed(collapsed), [collapsed]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useLiveUpdates(LIVE_EVENTS_PATH, LIVE_QUERIES);

  // biome-ignore lint/correctness/useExhaustiveDependencies: choosing a page closes the drawer
  useEffect(() => setDrawerOpen(false), [pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [drawerOpen]);

  const signOut = () => void logout();

  return (
    <div className="flex min-h-dvh bg-slate-50">
      <aside
        className={clsx(
          'sticky top-0 hidden h-dvh shrink-0 border-r border-slate-200 transition-[width] duration-200 lg:block',
          collapsed ? 'w-20' : 'w-64',
        )}
      >
        <CustomerSidebar collapsed={collapsed} onToggleCollapsed={() => setCollapsed((value) => !value)} onLogout={signOut} />
      </aside>

      {drawerOpen && (
        <dialog
          open
          aria-modal="true"
          aria-label="Menu"
          className="fixed inset-0 z-50 m-0 size-full max-h-none max-w-none border-0 bg-transparent p-0 lg:hidden"
        >
          <button
            type="button"
            aria-label="Close menu"
            tabIndex={-1}
            className="absolute inset-0 bg-slate-900/40"
            onClick={() => setDrawerOpen(false)}
          />
          <div className="relative h-full w-72 max-w-[85vw] shadow-xl">
            <CustomerSidebar onClose={() => setDrawerOpen(false)} onLogout={signOut} />
          </div>
        </dialog>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-4 sm:px-6">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>

          <search className="relative block min-w-0 flex-1 sm:max-w-md">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              type="search"
              placeholder={MESSAGES.searchPlaceholder}
              aria-label={MESSAGES.searchPlaceholder}
              className="h-10 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-400 focus:bg-white focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
          </search>

          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-3">
            <NotificationBell />
            <ProfileMenu user={user} onSignOut={signOut} />
          </div>
        </header>

        <main id="main" className="flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
