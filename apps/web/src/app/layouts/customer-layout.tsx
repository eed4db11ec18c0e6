import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DeliverySearch } from '@/features/deliveries/components/delivery-search';
import { notificationsKeys } from '@/features/notifications/api/get-notifications';
import { useLogout } from '@/hooks/use-logout';
import { deliveriesKeys } from '@/domain/deliveries/api/get-my-deliveries';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useLiveUpdates } from '@/hooks/use-live-updates';
import { LIVE_EVENTS_PATH } from '@/lib/live-events';
import { useSession } from '@/lib/session';
import { CustomerSidebar } from './components/customer-sidebar';
import { SidebarShell } from './components/sidebar-shell';
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
  // The desktop sidebar stays as the user left it, across reloads.
  const [collapsed, setCollapsed] = useState(() => readCollapsed());
  useEffect(() => writeCollapsed(collapsed), [collapsed]);
  useLiveUpdates(LIVE_EVENTS_PATH, LIVE_QUERIES);
  // On a phone the search box opens as a row under the top bar.
  const [searchOpen, setSearchOpen] = useState(false);
  const signOut = () => void logout();

  return (
    <SidebarShell
      asideClassName={clsx(
        'sticky top-0 hidden h-dvh shrink-0 border-r border-slate-200 transition-[width] duration-200 lg:block',
        collapsed ? 'w-20' : 'w-64',
      )}
      sidebar={(onClose) =>
        onClose ? (
          <CustomerSidebar onClose={onClose} onLogout={signOut} />
        ) : (
          <CustomerSidebar collapsed={collapsed} onToggleCollapsed={() => setCollapsed((value) => !value)} onLogout={signOut} />
        )
      }
      belowTopBar={
        searchOpen && (
          <div className="sticky top-16 z-20 border-b border-slate-200 bg-white px-3 py-2 sm:hidden">
            <DeliverySearch autoFocus onDone={() => setSearchOpen(false)} />
          </div>
        )
      }
      topBar={
        <>
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
        </>
      }
    />
  );
}
