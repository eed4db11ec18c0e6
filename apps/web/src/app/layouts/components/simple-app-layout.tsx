import { LogOut } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useLogout } from '@/hooks/use-logout';
import { displayName, useSession } from '@/lib/session';

/** Header with logo, area name, the signed-in user and Logout; the page below. */
export function SimpleAppLayout({ area }: { area: string }) {
  const { user } = useSession();
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <Link to={paths.home} aria-label="MedCourier home">
            <Logo />
          </Link>
          <span className="hidden rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100 sm:inline">
            {area}
          </span>
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <span className="hidden truncate text-sm text-slate-600 sm:block">{displayName(user)}</span>
            <button type="button" className={buttonClass({ variant: 'secondary', size: 'sm' })} onClick={() => void logout()}>
              <LogOut aria-hidden="true" className="size-4" />
              Logout
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
