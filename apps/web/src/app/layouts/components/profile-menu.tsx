import { LogOut, Settings, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { displayName, type TSessionUser } from '@/lib/session';

function Avatar({ user }: { user: TSessionUser | null }) {
  const initials = [user?.firstName?.[0], user?.lastName?.[0]].filter(Boolean).join('').toUpperCase();
  if (user?.picture) return <img src={user.picture} alt="" className="size-9 rounded-full object-cover" />;
  return (
    <span
      aria-hidden="true"
      className="flex size-9 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
    >
      {initials || <UserRound className="size-5" />}
    </span>
  );
}

/** Avatar button opening name, e-mail, Your Profile, Settings and Sign out. */
export function ProfileMenu({ user, onSignOut }: { user: TSessionUser | null; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = displayName(user);
  const itemClass = 'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-slate-700 hover:bg-slate-50';

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full p-0.5 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Avatar user={user} />
        {/* Named by its text, so the name a speech user sees is the name it has (WCAG 2.5.3); on a phone only the initials show. */}
        <span className="sr-only max-w-40 truncate text-sm font-medium text-slate-700 lg:not-sr-only lg:block">{name}</span>
        <span className="sr-only">, open profile menu</span>
      </button>

      {open && (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 z-50 mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 py-3">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            {user?.email && <p className="truncate text-sm text-slate-500">{user.email}</p>}
          </div>
          <Link role="menuitem" to={paths.profile} className={itemClass} onClick={() => setOpen(false)}>
            <UserRound aria-hidden="true" className="size-4 text-slate-400" />
            Your Profile
          </Link>
          <Link role="menuitem" to={paths.accountSettings} className={itemClass} onClick={() => setOpen(false)}>
            <Settings aria-hidden="true" className="size-4 text-slate-400" />
            Settings
          </Link>
          <button
            type="button"
            role="menuitem"
            className={`${itemClass} border-t border-slate-100`}
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
          >
            <LogOut aria-hidden="true" className="size-4 text-slate-400" />
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
