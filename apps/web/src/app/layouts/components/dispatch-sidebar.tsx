import type { TRole } from '@courier/contract';
import clsx from 'clsx';
import { LogOut, X } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { dispatchNavFor } from './dispatch-nav';

/** The dispatch console's navigation: the desktop sidebar, and the drawer on a phone (with onClose). */
export function DispatchSidebar({ role, onClose, onLogout }: { role: TRole | undefined; onClose?: () => void; onLogout: () => void }) {
  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-200">
      <div className="flex h-16 items-center justify-between border-b border-white/10 px-4">
        <Link to={paths.adminDashboard} aria-label="MedCourier dispatch" onClick={onClose} className="rounded-lg bg-white px-2 py-1">
          <Logo />
        </Link>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex size-9 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        )}
      </div>
      <p className="px-5 pt-5 pb-2 text-xs font-semibold tracking-wider text-slate-400 uppercase">Operations</p>
      <nav aria-label="Operations" className="flex-1 overflow-y-auto px-3">
        <ul className="space-y-1">
          {dispatchNavFor(role).map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onClose}
                className={({ isActive }) =>
                  clsx(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-white/10 p-3">
        <button
          type="button"
          onClick={onLogout}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-300 transition-colors hover:bg-white/5 hover:text-white"
        >
          <LogOut aria-hidden="true" className="size-5 shrink-0" />
          Logout
        </button>
      </div>
    </div>
  );
}
