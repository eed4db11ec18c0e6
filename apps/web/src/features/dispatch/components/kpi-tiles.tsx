import type { TAdminStats } from '@courier/contract';
import { CircleCheckBig, Clock, Hourglass, Repeat, Star, TriangleAlert, Truck, Undo2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { StatTile } from '@/components/ui/stat-tile';

const Tile = (props: Omit<ComponentProps<typeof StatTile>, 'compact'>) => <StatTile {...props} compact />;

/** The dispatch console's key figures (GET /v1/admin/stats). */
export function KpiTiles({ stats, loading }: { stats: TAdminStats | undefined; loading: boolean }) {
  const by = stats?.byStatus;
  const onTheRoad = (by?.moving_to_pickup_location ?? 0) + (by?.picked_up ?? 0) + (by?.in_transit ?? 0);
  const rating = stats?.averageRating;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4 2xl:grid-cols-8">
      <Tile label="To approve" value={String(by?.pending ?? 0)} icon={Hourglass} tone="amber" loading={loading} />
      <Tile label="To assign" value={String(by?.approved ?? 0)} icon={Clock} tone="violet" loading={loading} />
      <Tile label="On the road" value={String(onTheRoad + (by?.assigned ?? 0))} icon={Truck} tone="blue" loading={loading} />
      <Tile label="Late" value={String(stats?.late ?? 0)} icon={TriangleAlert} tone="red" loading={loading} />
      <Tile
        label="Exceptions"
        value={`${stats?.exceptions ?? 0}${stats?.exceptionsLate ? ` (${stats.exceptionsLate} late)` : ''}`}
        icon={Undo2}
        tone="red"
        loading={loading}
      />
      <Tile
        label="First-attempt rate"
        value={stats?.firstAttemptRate == null ? '–' : `${Math.round(stats.firstAttemptRate * 100)}%`}
        icon={Repeat}
        tone="green"
        loading={loading}
      />
      <Tile label="Delivered today" value={String(stats?.deliveredToday ?? 0)} icon={CircleCheckBig} tone="green" loading={loading} />
      <Tile
        label="Average rating"
        value={rating == null ? '–' : `${rating.toFixed(1)} (${stats?.ratingCount ?? 0})`}
        icon={Star}
        tone="brand"
        loading={loading}
      />
    </div>
  );
}
