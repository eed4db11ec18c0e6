import { Menu } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';

/**
 * The signed-in shell of the customer and staff areas: the sidebar at the side on a desktop, a drawer on a
 * phone (closed by Escape, the backdrop or choosing a page), a top bar and the page. `sidebar` draws the
 * sidebar; in the drawer it gets an onClose.
 */
export function SidebarShell({
  sidebar,
  asideClassName,
  topBar,
  belowTopBar,
}: {
  sidebar: (onClose?: () => void) => ReactNode;
  asideClassName: string;
  topBar: ReactNode;
  /** A row under the top bar (the phone's search box). */
  belowTopBar?: ReactNode;
}) {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

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

  return (
    <div className="flex min-h-dvh bg-slate-50">
      <aside className={asideClassName}>{sidebar()}</aside>

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
          <div className="relative h-full w-72 max-w-[85vw] shadow-xl">{sidebar(() => setDrawerOpen(false))}</div>
        </dialog>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-6">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
          {topBar}
        </header>
        {belowTopBar}
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
