import { DRIVER_ROLES, isStaff } from '@courier/contract';
import { lazy, Suspense } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { PublicLayout } from './public-layout';

const CustomerLayout = lazy(() => import('./customer-layout').then((m) => ({ default: m.CustomerLayout })));
const DispatchLayout = lazy(() => import('./dispatch-layout').then((m) => ({ default: m.DispatchLayout })));
const DriverLayout = lazy(() => import('./driver-layout').then((m) => ({ default: m.DriverLayout })));

/**
 * Around 'Page Not Found': a signed-in user keeps their own area's menu (customer, staff or driver);
 * a signed-out visitor gets the public header and footer, as before.
 */
export function UnknownPathLayout() {
  const { isAuthenticated, role } = useSession();
  if (!isAuthenticated) return <PublicLayout />;
  const Layout = isStaff(role) ? DispatchLayout : role && DRIVER_ROLES.includes(role) ? DriverLayout : CustomerLayout;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Layout />
    </Suspense>
  );
}
