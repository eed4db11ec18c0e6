import { DELIVERY_SORTS, DELIVERY_STATUSES, MESSAGES, PAGE_SIZES, statusLabel, type TDeliverySort } from '@courier/contract';
import clsx from 'clsx';
import { AlertCircle, PackageSearch, Plus, RefreshCw, Search, X } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { DEFAULT_LIST_PARAMS, listParamsFrom, type TMyDeliveriesParams, useMyDeliveries } from '@/domain/deliveries/api/get-my-deliveries';
import { useMyAccount } from '@/domain/account/api/get-my-account';
import { useMembers } from '@/domain/account/api/get-members';
import { DeliveriesTable } from '../components/deliveries-table';
import { Pager } from '@/components/ui/list-page';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';

const SORT_LABELS: Record<TDeliverySort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'required-by': 'Required-by date',
  status: 'Status',
};

const STATUS_OPTIONS: { value: string; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
  ...DELIVERY_STATUSES.map((s) => ({ value: s, label: statusLabel(s).replace(/^./, (c) => c.toUpperCase()) })),
];

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white pr-8 pl-3 text-sm text-slate-800 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none';
const labelClass = 'mb-1 block text-xs font-medium text-slate-500';

/** /deliveries: the customer's deliveries with filter, sort, refresh, page size and pagination (kept in the URL). */
export function DeliveriesPage() {
  const [search, setSearch] = useSearchParams();
  const params = listParamsFrom(search);
  const query = useMyDeliveries(params);
  const { data, error, isError, isPending, isFetching, refetch } = query;
  // An account's owner lists every delivery of the account: who booked each, and a filter by person, once the
  // account has more than its owner (a one-person account's list looks as it always has).
  const account = useMyAccount().data?.data;
  const isOwner = account?.role === 'owner';
  const members = useMembers(isOwner);
  const me = useSession().user?._id;
  const teamList =
    isOwner && ((members.data?.data.length ?? 0) > 1 || !!params.bookedBy || Object.values(data?.bookedBy ?? {}).some((b) => b._id !== me));

  const update = (change: Partial<TMyDeliveriesParams>) => {
    const next = { ...params, ...change };
    const entries = Object.entries(next).filter(([key, value]) => value !== DEFAULT_LIST_PARAMS[key as keyof TMyDeliveriesParams]);
    // Turning a page is a step Back can undo; changing a filter replaces the entry.
    const isPageTurn = Object.keys(change).length === 1 && change.page !== undefined;
    setSearch(new URLSearchParams(entries.map(([key, value]) => [key, String(value)])), { replace: !isPageTurn });
    if (isPageTurn) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const failure = isError ? errorMessage(error, MESSAGES.deliveriesFetchFailed) : null;
  useEffect(() => {
    if (failure) toast.error(failure, { toastId: 'deliveries-failed' });
  }, [failure]);

  const deliveries = data?.deliveries ?? [];
  const currentPage = data?.currentPage ?? params.page;
  const totalPages = data?.totalPages ?? 1;
  const matching = data?.matchingDeliveries ?? 0;
  const first = matching === 0 ? 0 : (currentPage - 1) * params.limit + 1;
  const last = Math.min(matching, first + deliveries.length - 1);

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>My Deliveries · MedCourier</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">My Deliveries</h1>
          <p className="mt-1 text-sm text-slate-600">
            {isOwner
              ? 'Every request booked for your account, with its current status.'
              : 'Every request you have made, with its current status.'}
          </p>
        </div>
        <Link to={paths.orderDelivery} className={buttonClass()}>
          <Plus aria-hidden="true" className="size-4" />
          Request Delivery
        </Link>
      </div>

      {params.q && (
        <div className="mt-5 flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50/60 px-4 py-3 text-sm text-slate-700">
          <Search aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          <p className="min-w-0 break-words">
            Showing deliveries matching <span className="font-semibold text-slate-900">“{params.q}”</span>
          </p>
          <button
            type="button"
            onClick={() => update({ q: '', page: 1 })}
            className={buttonClass({ variant: 'ghost', className: 'ml-auto h-8 px-2.5' })}
          >
            <X aria-hidden="true" className="size-4" />
            Clear search
          </button>
        </div>
      )}

      <div className="mt-6 grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex sm:flex-wrap sm:items-end sm:p-4">
        <div className="sm:w-48">
          <label htmlFor="filter-status" className={labelClass}>
            Status
          </label>
          <select
            id="filter-status"
            className={selectClass}
            value={params.status}
            onChange={(e) => update({ status: e.target.value as TMyDeliveriesParams['status'], page: 1 })}
          >
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:w-48">
          <label htmlFor="filter-sort" className={labelClass}>
            Sort by
          </label>
          <select
            id="filter-sort"
            className={selectClass}
            value={params.sort}
            onChange={(e) => update({ sort: e.target.value as TDeliverySort, page: 1 })}
          >
            {DELIVERY_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {teamList && (
          <div className="col-span-2 sm:w-56">
            <label htmlFor="filter-booked-by" className={labelClass}>
              Booked by
            </label>
            <select
              id="filter-booked-by"
              className={selectClass}
              value={params.bookedBy}
              onChange={(e) => update({ bookedBy: e.target.value, page: 1 })}
            >
              <option value="">Everyone on the account</option>
              {(members.data?.data ?? []).map((m) => (
                <option key={m._id} value={m._id}>
                  {`${m.firstName} ${m.lastName}`.trim()}
                </option>
              ))}
              {/* A person no longer on the account, reached by a link: still named. */}
              {params.bookedBy && members.data && !members.data.data.some((m) => m._id === params.bookedBy) && (
                <option value={params.bookedBy}>A former member</option>
              )}
            </select>
          </div>
        )}
        <div className="sm:w-32">
          <label htmlFor="filter-limit" className={labelClass}>
            Per page
          </label>
          <select
            id="filter-limit"
            className={selectClass}
            value={params.limit}
            onChange={(e) => update({ limit: Number(e.target.value), page: 1 })}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          onClick={() => void refetch()}
          disabled={isFetching}
          className={buttonClass({ variant: 'secondary', className: 'self-end sm:ml-auto' })}
        >
          <RefreshCw aria-hidden="true" className={clsx('size-4', isFetching && 'animate-spin')} />
          Refresh
        </button>
      </div>

      {failure && (
        <div role="alert" className="mt-4 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
          <div>
            <p className="font-semibold">{MESSAGES.deliveriesFetchFailed}</p>
            {failure !== MESSAGES.deliveriesFetchFailed && <p className="mt-0.5 text-red-700">{failure}</p>}
          </div>
        </div>
      )}

      <div className="mt-4">
        {isPending ? (
          <div className="flex justify-center rounded-xl border border-slate-200 bg-white py-16">
            <Spinner label="Loading deliveries" />
          </div>
        ) : deliveries.length === 0 ? (
          !isError && (
            <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <PackageSearch aria-hidden="true" className="size-7" />
              </span>
              <p className="mt-4 text-base font-semibold text-slate-900">{MESSAGES.noDeliveries}</p>
              <p className="mt-1 text-sm text-slate-600">
                {params.q
                  ? 'Try a tracking number, a recipient name or phone, or part of an address.'
                  : params.status === 'all'
                    ? 'Requests you make will appear here.'
                    : 'Try another status filter.'}
              </p>
              {params.status === 'all' && !params.q && (
                <Link to={paths.orderDelivery} className={buttonClass({ className: 'mt-5' })}>
                  <Plus aria-hidden="true" className="size-4" />
                  Request a Delivery
                </Link>
              )}
            </div>
          )
        ) : (
          <div className={clsx('transition-opacity', isFetching && 'opacity-60')} aria-busy={isFetching}>
            <DeliveriesTable deliveries={deliveries} bookedBy={teamList ? data?.bookedBy : undefined} />
          </div>
        )}
      </div>

      {deliveries.length > 0 && (
        <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
          <p className="text-sm text-slate-600">
            Showing <span className="font-medium text-slate-900">{first}</span>–<span className="font-medium text-slate-900">{last}</span>{' '}
            of <span className="font-medium text-slate-900">{matching}</span>
          </p>
          <Pager paging={{ page: currentPage, totalPages, total: matching }} summary={false} onPage={(page) => update({ page })} />
        </div>
      )}
    </section>
  );
}
