import clsx from 'clsx';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAdminStats } from '../api/get-admin-stats';
import type { TAdminHandlingFilter } from '@courier/contract';
import { AutoAssignAllButton } from '../components/auto-assign-all-button';
import { BoardColumn } from '../components/board-column';
import { BulkDispatch } from '../components/bulk-dispatch';
import { HandlingFilter } from '../components/handling-filter';
import { HoldQueue } from '../components/hold-queue';
import { KpiTiles } from '../components/kpi-tiles';

const COLUMNS = [
  { title: 'To approve', status: 'pending', empty: 'No request waits for approval.' },
  { title: 'To assign', status: 'approved', empty: 'Every approved delivery has a driver.' },
  { title: 'On the road', status: 'on_the_road', empty: 'No driver is out right now.' },
  { title: 'Exceptions', status: 'exceptions', empty: 'No failed attempt or return under way.' },
] as const;

/** /admin/dashboard: the key figures and the dispatch board (to approve, to assign, on the road, exceptions). */
export function DispatchBoardPage() {
  const stats = useAdminStats();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [tab, setTab] = useState<(typeof COLUMNS)[number]['status']>('pending');
  const [handling, setHandling] = useState<TAdminHandlingFilter | undefined>(undefined);
  return (
    <section className="mx-auto w-full max-w-[1600px] px-3 py-5 sm:px-6 lg:py-7">
      <title>Dispatch · MedCourier</title>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Dispatch</h1>
          <p className="text-sm text-slate-600">Approve requests, assign drivers and watch the road.</p>
          <Link to={paths.adminDispatchMap} className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline">
            Map & route planning
          </Link>
          <div className="mt-2">
            <AutoAssignAllButton />
          </div>
        </div>
        <search className="relative w-full sm:w-80">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Tracking no., name, phone, town, driver"
            aria-label="Search deliveries"
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-100 focus:outline-none"
          />
        </search>
      </div>
      {q && (
        <p className="-mt-3 mb-4 text-sm text-slate-600 sm:text-right">
          The board holds open jobs only.{' '}
          <Link to={paths.adminDeliveriesWhere({ q })} className="font-semibold text-brand-700 hover:underline">
            Search every delivery for “{q}”
          </Link>
        </p>
      )}
      <KpiTiles stats={stats.data} loading={stats.isPending} />
      <HoldQueue />
      <HandlingFilter value={handling} onChange={setHandling} />
      {/* A phone shows one column at a time, chosen with the switch; a desktop shows the four side by side. */}
      <fieldset
        hidden={handling === 'rejected'}
        className="mt-6 grid min-w-0 grid-cols-4 gap-1 rounded-xl border-0 bg-slate-200/70 p-1 lg:hidden"
      >
        <legend className="sr-only">Board column</legend>
        {COLUMNS.map((column) => (
          <button
            key={column.status}
            type="button"
            aria-pressed={tab === column.status}
            onClick={() => setTab(column.status)}
            className={clsx(
              'min-h-10 rounded-lg px-1 text-xs font-semibold sm:text-sm',
              tab === column.status ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600',
            )}
          >
            {column.title}
          </button>
        ))}
      </fieldset>
      <BulkDispatch>
        {/* Lab-rejected parcels were delivered, so no open column holds them: the filter shows them on their own. */}
        {handling === 'rejected' ? (
          <div className="mt-6">
            <BoardColumn
              title="Rejected by the lab"
              status="all"
              q={q}
              handling="rejected"
              empty="No parcel has been rejected by a lab."
              className="flex"
            />
          </div>
        ) : (
          <div className="mt-3 grid gap-4 lg:mt-6 lg:grid-cols-4">
            {COLUMNS.map((column) => (
              <BoardColumn
                key={column.status}
                {...column}
                q={q}
                handling={handling}
                className={tab === column.status ? 'flex' : 'hidden lg:flex'}
              />
            ))}
          </div>
        )}
      </BulkDispatch>
    </section>
  );
}
