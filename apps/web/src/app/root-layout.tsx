import clsx from 'clsx';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link';
import { InstallBanner } from '@/features/pwa/components/install-banner';

/** Wraps every route: the skip link, scroll restoration, a thin progress bar while a page module loads, the install banner. */
export function RootLayout() {
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle';
  return (
    <>
      <SkipLink />
      <div
        aria-hidden="true"
        className={clsx(
          'pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 origin-left bg-brand-500 transition-transform duration-500',
          loading ? 'scale-x-75' : 'scale-x-0 duration-0',
        )}
      />
      <ScrollRestoration />
      <Outlet />
      <InstallBanner />
    </>
  );
}
