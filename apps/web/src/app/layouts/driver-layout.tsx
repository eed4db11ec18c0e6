import { LogOut, UserCog } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useLogout } from '@/hooks/use-logout';
import { driverKeys } from '@/features/driver/api/get-driver-jobs';
import { CallDispatchLink } from '@/features/driver/components/call-dispatch';
import { LocationSharingProvider, ShareLocationPrompt } from '@/features/driver/components/location-sharing';
import { OutboxBanner } from '@/features/driver/components/outbox-banner';
import { forgetJobs } from '@/features/driver/lib/jobs-store';
import { useLiveUpdates } from '@/hooks/use-live-updates';
import { LIVE_EVENTS_PATH } from '@/lib/live-events';

const LIVE_QUERIES = [driverKeys.jobs];

/** The driver's phone-first area: a slim bar, the network and outbox line, the page. */
export function DriverLayout() {
  const logout = useLogout();
  // A job given or taken by dispatch shows at once.
  useLiveUpdates(LIVE_EVENTS_PATH, LIVE_QUERIES);
  // Load the job, pickup, proof and failed-attempt screens now: a driver who loses the network mid-run still opens them.
  useEffect(() => {
    void import('@/features/driver/pages/driver-job-page');
    void import('@/features/driver/pages/pickup-check-page');
    void import('@/features/driver/pages/proof-of-delivery-page');
    void import('@/features/driver/pages/failed-attempt-page');
  }, []);
  return (
    <LocationSharingProvider>
      <div className="flex min-h-dvh flex-col bg-slate-100">
        <header className="sticky top-0 z-30 bg-white shadow-sm">
          <div className="mx-auto flex h-14 max-w-xl items-center gap-2 px-4">
            <Link to={paths.driverHome} aria-label="MedCourier: my jobs">
              <Logo />
            </Link>
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-100 max-sm:hidden">
              Driver
            </span>
            <span className="ml-auto" />
            <CallDispatchLink />
            <Link
              to={paths.driverAccount}
              aria-label="Account"
              className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
            >
              <UserCog aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">Account</span>
            </Link>
            <button
              type="button"
              onClick={() => {
                void forgetJobs();
                void logout();
              }}
              className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
            >
              <LogOut aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">Logout</span>
            </button>
          </div>
          <OutboxBanner />
        </header>
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {/* In the page, not the sticky header: it scrolls away instead of covering what the driver works on. */}
          <ShareLocationPrompt />
          <Outlet />
        </main>
      </div>
    </LocationSharingProvider>
  );
}
