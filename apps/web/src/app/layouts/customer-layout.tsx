import clsx from 'clsx';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MESSAGES } from '@courier/contract';
import { useLogout } from '@/hooks/use-logout';
import { notificationsKeys } from '@/features/notifications/api/get-notifications';
import { deliveriesKeys } from '@/lib/my-deliveries';
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
      topBar={
        <>
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
        </>
      }
    />
  );
}
