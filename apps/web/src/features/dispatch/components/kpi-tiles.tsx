import type { TAdminStats } from '@courier/contract';
import { CircleCheckBig, Clock, Hourglass, Repeat, Star, TriangleAlert, Truck, Undo2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { StatTile } from '@/components/ui/stat-tile';
import { paths } from '@/config/paths';

/** A count tile that opens the list it counts. */
const Tile = ({ to, ...props }: Omit<ComponentProps<typeof StatTile>, 'compact'> & { to: string }) => (
  <Link
    to={to}
    className="block rounded-xl transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
  >
    <StatTile {...props} compact />
  </Link>
);

/** The start of today where the browser is (the console runs in the business's own zone). */
const todayStart = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
};

/** The dispatch console's key figures (GET /v1/admin/stats); each opens the deliveries it counts. */
export function KpiTiles({ stats, loading }: { stats: TAdminStats | undefined; loading: boolean }) {
  const by = stats?.byStatus;
  const onTheRoad = (by?.moving_to_pickup_location ?? 0) + (by?.picked_up ?? 0) + (by?.in_transit ?? 0);
  const rating = stats?.averageRating;
  const list = paths.adminDeliveriesWhere;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4 2xl:grid-cols-8">
      <Tile
        to={list({ status: 'pending' })}
        label="To approve"
        value={String(by?.pending ?? 0)}
        icon={Hourglass}
        tone="amber"
        loading={loading}
      />
      <Tile
        to={list({ status: 'approved' })}
        label="To assign"
        value={String(by?.approved ?? 0)}
        icon={Clock}
        tone="violet"
        loading={loading}
      />
      <Tile
        to={list({ status: 'on_the_road' })}
        label="On the road"
        value={String(onTheRoad + (by?.assigned ?? 0))}
        icon={Truck}
        tone="blue"
        loading={loading}
      />
      <Tile
        to={list({ late: 'true', sort: 'required-by' })}
        // The server counts past due and due within the late window together: both words, as the column says.
        label="Late or at risk"
        value={String(stats?.late ?? 0)}
        icon={TriangleAlert}
        tone="red"
        loading={loading}
      />
      <Tile
        to={list({ status: 'exceptions' })}
        label="Exceptions"
        value={`${stats?.exceptions ?? 0}${stats?.exceptionsLate ? ` (${stats.exceptionsLate} late)` : ''}`}
        icon={Undo2}
        tone="red"
        loading={loading}
      />
      <Tile
        to={paths.adminReports}
        label="First-attempt rate"
        value={stats?.firstAttemptRate == null ? '–' : `${Math.round(stats.firstAttemptRate * 100)}%`}
        icon={Repeat}
        tone="green"
        loading={loading}
      />
      <Tile
        to={list({ status: 'delivered', deliveredFrom: todayStart() })}
        label="Delivered today"
        value={String(stats?.deliveredToday ?? 0)}
        icon={CircleCheckBig}
        tone="green"
        loading={loading}
      />
      <Tile
        to={paths.adminFeedback}
        label="Average rating"
        value={rating == null ? '–' : `${rating.toFixed(1)} (${stats?.ratingCount ?? 0})`}
        icon={Star}
        tone="brand"
        loading={loading}
      />
    </div>
  );
}
