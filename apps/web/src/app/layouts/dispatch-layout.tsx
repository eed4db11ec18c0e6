import { paths } from '@/config/paths';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useLogout } from '@/hooks/use-logout';
import { dispatchKeys } from '@/features/dispatch/api/get-admin-deliveries';
import { useLiveUpdates } from '@/hooks/use-live-updates';
import { LIVE_EVENTS_PATH } from '@/lib/live-events';
import { displayName, useSession } from '@/lib/session';
import { SidebarShell } from './components/sidebar-shell';
import { DispatchSidebar } from './components/dispatch-sidebar';

/** The board, its counts and the delivery pages. */
const LIVE_QUERIES = [dispatchKeys.all];

/** Dispatch console for SUPER_ADMIN, ADMIN, MANAGER and STAFF: a dark sidebar (a drawer on a phone) and a top bar. */
export function DispatchLayout() {
  const { user, role } = useSession();
  const logout = useLogout();
  useLiveUpdates(LIVE_EVENTS_PATH, LIVE_QUERIES);
  const signOut = () => void logout();

  return (
    <SidebarShell
      asideClassName="sticky top-0 hidden h-dvh w-60 shrink-0 lg:block"
      sidebar={(onClose) => <DispatchSidebar role={role} onClose={onClose} onLogout={signOut} />}
      topBar={
        <>
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">Dispatch</span>
          <div className="ml-auto flex min-w-0 items-center gap-2 text-right sm:gap-3">
            <NotificationBell deliveryHref={paths.adminDelivery} />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-800">{displayName(user)}</p>
              <p className="text-xs text-slate-500">{role?.replace('_', ' ').toLowerCase()}</p>
            </div>
          </div>
        </>
      }
    />
  );
}
