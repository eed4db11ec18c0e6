import { MESSAGES } from '@courier/contract';
import { ChartColumn, CircleCheckBig, Clock, Package, PackagePlus, Truck } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useDashboard } from '../api/get-dashboard';
import { RecentDeliveries } from '../components/recent-deliveries';
import { StatTile } from '@/components/ui/stat-tile';

/** /user/home: greeting, Make a Request, the four count tiles and the 5 most recent deliveries. */
export function DashboardPage() {
  const { user } = useSession();
  const { data, error, isError, isPending } = useDashboard();
  const stats = data?.stats;
  // The three groups cover every delivery under way or done; the rest (cancelled, returned) is said under the total.
  const closed = stats ? stats.totalDeliveries - stats.activeDeliveries - stats.completedDeliveries - stats.pendingDeliveries : 0;

  useEffect(() => {
    if (isError) toast.error(errorMessage(error, MESSAGES.dashboardFailed), { toastId: 'dashboard-failed' });
  }, [isError, error]);

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>Dashboard · MedCourier</title>
      <div className="flex flex-col gap-4 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-7">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome {user?.firstName ?? ''} !</h1>
          <p className="mt-1 text-sm text-brand-100">Book a pickup or follow your deliveries from here.</p>
        </div>
        <Link to={paths.orderDelivery} className={buttonClass({ variant: 'inverse', size: 'lg', className: 'shrink-0' })}>
          <PackagePlus aria-hidden="true" className="size-5" />
          Make a Request
        </Link>
      </div>

      <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatTile
          label="Total Deliveries"
          value={stats?.totalDeliveries}
          icon={Package}
          tone="brand"
          loading={isPending}
          note={closed > 0 ? `Includes ${closed} cancelled or returned` : undefined}
        />
        <StatTile label="Active" value={stats?.activeDeliveries} icon={Truck} tone="blue" loading={isPending} />
        <StatTile label="Completed" value={stats?.completedDeliveries} icon={CircleCheckBig} tone="green" loading={isPending} />
        <StatTile label="Pending" value={stats?.pendingDeliveries} icon={Clock} tone="amber" loading={isPending} />
      </div>

      <p className="mt-3 text-right text-sm">
        <Link to={paths.reports} className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline">
          <ChartColumn aria-hidden="true" className="size-4" />
          Reports: on-time rate and delivery times
        </Link>
      </p>

      <div className="mt-3">
        <RecentDeliveries deliveries={data?.deliveries ?? []} loading={isPending} />
      </div>
    </section>
  );
}
