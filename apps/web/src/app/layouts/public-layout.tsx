import { Outlet } from 'react-router';
import { PublicFooter } from './components/public-footer';
import { PublicHeader } from './components/public-header';
import { usePendingSectionScroll } from './components/use-section-navigation';

/** Landing, tracking, legal and auth pages: fixed header, main area, footer. */
export function PublicLayout() {
  usePendingSectionScroll();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none pt-16">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
