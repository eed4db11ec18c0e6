import { Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { dispatchKeys } from '@/features/dispatch/api/get-admin-deliveries';
import { useLiveUpdates } from '@/hooks/use-live-updates';
import { LIVE_EVENTS_PATH } from '@/lib/live-events';
import { displayName, useSession } from '@/lib/session';
import { StaffSidebar } from './components/staff-sidebar';

/** The board, its counts and the delivery pages. */
const LIVE_QUERIES = [dispatchKeys.all];

/** Dispatch console for SUPER_ADMIN, ADMIN, MANAGER and STAFF: a dark sidebar (a drawer on a phone) and a top bar. */
export function StaffLayout() {
  const { user, role } = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useLiveUpdates(LIVE_EVENTS_PATH, LIVE_QUERIES);

  // biome-ignore lint/correctness/useExhaustiveDependencies: choosing a page closes the drawer
  useEffect(() => setDrawerOpen(false), [pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const signOut = () => void logout();

  return (
    <div className="flex min-h-dvh bg-slate-50">
      <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 lg:block">
        <StaffSidebar role={role} onLogout={signOut} />
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
            className="absolute inset-0 bg-slate-900/50"
            onClick={() => setDrawerOpen(false)}
          />
          <div className="relative h-full w-72 max-w-[85vw] shadow-xl">
            <StaffSidebar role={role} onClose={() => setDrawerOpen(false)} onLogout={signOut} />
          </div>
        </dialog>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-3 sm:px-6">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">Dispatch</span>
          <div className="ml-auto flex min-w-0 items-center gap-2 text-right">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-800">{displayName(user)}</p>
              <p className="text-xs text-slate-500">{role?.replace('_', ' ').toLowerCase()}</p>
            </div>
          </div>
        </header>
        <main id="main" className="flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
