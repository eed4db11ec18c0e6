import clsx from 'clsx';
import { Menu, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { DeliverySearch } from '@/features/deliveries/components/delivery-search';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSession } from '@/lib/session';
import { CustomerSidebar } from './components/customer-sidebar';
import { ProfileMenu } from './components/profile-menu';

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
  // On a phone the search box opens as a row under the top bar.
  const [searchOpen, setSearchOpen] = useState(false);

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

          <DeliverySearch className="hidden min-w-0 flex-1 sm:block sm:max-w-md" />

          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-3">
            <button
              type="button"
              onClick={() => setSearchOpen((open) => !open)}
              aria-label={searchOpen ? 'Close search' : 'Search deliveries'}
              aria-expanded={searchOpen}
              className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 sm:hidden"
            >
              {searchOpen ? <X aria-hidden="true" className="size-5" /> : <Search aria-hidden="true" className="size-5" />}
            </button>
            <NotificationBell />
            <ProfileMenu user={user} onSignOut={signOut} />
          </div>
        </header>
        {searchOpen && (
          <div className="sticky top-16 z-20 border-b border-slate-200 bg-white px-3 py-2 sm:hidden">
            <DeliverySearch autoFocus onDone={() => setSearchOpen(false)} />
          </div>
        )}

        <main id="main" className="flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
