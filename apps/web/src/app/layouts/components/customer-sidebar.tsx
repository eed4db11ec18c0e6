import clsx from 'clsx';
import { LogOut, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { customerNav } from './customer-nav';

interface TSidebarProps {
  collapsed?: boolean;
  onToggleCollapsed?: () => void;
  /** Set in the mobile drawer: shows a close button and closes after a choice. */
  onClose?: () => void;
  onLogout: () => void;
}

/** The signed-in customer's navigation, used as the desktop sidebar and inside the mobile drawer. */
export function CustomerSidebar({ collapsed = false, onToggleCollapsed, onClose, onLogout }: TSidebarProps) {
  return (
    <div className="flex h-full flex-col bg-white">
      <div className={clsx('flex h-16 items-center border-b border-slate-200 px-4', collapsed ? 'justify-center' : 'justify-between')}>
        <Link to={paths.home} aria-label="MedCourier home" onClick={onClose} className={clsx(collapsed && 'hidden')}>
          <Logo />
        </Link>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        ) : (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className="inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
          >
            {collapsed ? <PanelLeftOpen aria-hidden="true" className="size-5" /> : <PanelLeftClose aria-hidden="true" className="size-5" />}
          </button>
        )}
      </div>

      <nav aria-label="Account" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {customerNav.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end
                onClick={onClose}
                title={collapsed ? label : undefined}
                aria-label={collapsed ? label : undefined}
                className={({ isActive }) =>
                  clsx(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    collapsed && 'justify-center',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {!collapsed && <span>{label}</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="border-t border-slate-200 p-3">
        <button
          type="button"
          onClick={onLogout}
          title={collapsed ? 'Logout' : undefined}
          aria-label={collapsed ? 'Logout' : undefined}
          className={clsx(
            'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-red-50 hover:text-red-700',
            collapsed && 'justify-center',
          )}
        >
          <LogOut aria-hidden="true" className="size-5 shrink-0" />
          {!collapsed && <span>Logout</span>}
        </button>
      </div>
    </div>
  );
}
