import type { TAdminStats } from '@courier/contract';
import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { CircleCheckBig, Clock, Hourglass, Star, TriangleAlert, Truck } from 'lucide-react';
import { useId } from 'react';

const TONES = {
  brand: 'bg-brand-50 text-brand-600',
  amber: 'bg-amber-50 text-amber-600',
  red: 'bg-red-50 text-red-600',
  green: 'bg-emerald-50 text-emerald-600',
  blue: 'bg-blue-50 text-blue-600',
  violet: 'bg-violet-50 text-violet-600',
} as const;

function Tile({
  label,
  value,
  icon: Icon,
  tone,
  loading,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  tone: keyof typeof TONES;
  loading: boolean;
}) {
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a KPI tile is no fieldset; the group names its number
    <div
      role="group"
      aria-labelledby={labelId}
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <span className={clsx('flex size-10 shrink-0 items-center justify-center rounded-xl', TONES[tone])}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p id={labelId} className="truncate text-xs font-medium text-slate-500 sm:text-sm">
          {label}
        </p>
        {loading ? (
          <span aria-hidden="true" className="mt-1 block h-6 w-10 animate-pulse rounded bg-slate-100" />
        ) : (
          <p data-testid="kpi-value" className="text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">
            {value}
          </p>
        )}
      </div>
    </div>
  );
}

/** The dispatch console's key figures (GET /v1/admin/stats). */
export function KpiTiles({ stats, loading }: { stats: TAdminStats | undefined; loading: boolean }) {
  const by = stats?.byStatus;
  const onTheRoad = (by?.moving_to_pickup_location ?? 0) + (by?.picked_up ?? 0) + (by?.in_transit ?? 0);
  const rating = stats?.averageRating;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6">
      <Tile label="To approve" value={String(by?.pending ?? 0)} icon={Hourglass} tone="amber" loading={loading} />
      <Tile label="To assign" value={String(by?.approved ?? 0)} icon={Clock} tone="violet" loading={loading} />
      <Tile label="On the road" value={String(onTheRoad + (by?.assigned ?? 0))} icon={Truck} tone="blue" loading={loading} />
      <Tile label="Late" value={String(stats?.late ?? 0)} icon={TriangleAlert} tone="red" loading={loading} />
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
