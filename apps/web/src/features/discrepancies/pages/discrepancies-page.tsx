import {
  DISCREPANCY_KINDS,
  DISCREPANCY_STATUSES,
  DISCREPANCY_STATUS_LABELS,
  type TDiscrepancyKind,
  type TDiscrepancyStatus,
} from '@courier/contract';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { DispatchPage, PagedTable, tdClass } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useExportDiscrepancies } from '../api/export-discrepancies';
import { type TDiscrepancyFilter, useDiscrepancies } from '../api/get-discrepancies';
import { CaseOverdueBadge, CaseStatusBadge, kindLabel } from '../components/case-badges';

const controlClass =
  'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-100 focus:outline-none';
const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

/** /admin/discrepancies: every case opened for a piece that did not arrive as it left; filters live in the URL. */
export function DiscrepanciesPage() {
  const list = useListParams();
  const status = list.read('status');
  const kind = list.read('kind');
  const accountId = list.read('accountId');
  const from = list.read('from');
  const to = list.read('to');
  const filter: TDiscrepancyFilter = {
    page: list.page,
    status: oneOf<TDiscrepancyStatus>(DISCREPANCY_STATUSES, status),
    kind: oneOf<TDiscrepancyKind>(DISCREPANCY_KINDS, kind),
    accountId: accountId || undefined,
    from: from || undefined,
    // The whole "to" day counts.
    to: to ? `${to}T23:59:59.999` : undefined,
  };
  const query = useDiscrepancies(filter);
  const exporter = useExportDiscrepancies();
  const download = () => exporter.mutate(filter, { onError: (error) => toast.error(errorMessage(error, 'Could not export the cases')) });

  return (
    <DispatchPage
      title="Discrepancies"
      intro="A case for every piece that did not arrive as it left: missing, damaged, rejected, unexpected or left behind. Each is due within 24 hours."
      tools={
        <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={download} disabled={exporter.isPending}>
          <Download aria-hidden="true" className="size-4" />
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      }
    >
      <form className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
        <label className="text-xs font-medium text-slate-600">
          Status
          <select className={`${controlClass} mt-1 w-full`} value={status} onChange={(e) => list.set({ status: e.target.value })}>
            <option value="">Any</option>
            {DISCREPANCY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {DISCREPANCY_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Kind
          <select className={`${controlClass} mt-1 w-full`} value={kind} onChange={(e) => list.set({ kind: e.target.value })}>
            <option value="">Any</option>
            {DISCREPANCY_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Opened from
          <input type="date" className={`${controlClass} mt-1 w-full`} value={from} onChange={(e) => list.set({ from: e.target.value })} />
        </label>
        <label className="text-xs font-medium text-slate-600">
          Opened to
          <input type="date" className={`${controlClass} mt-1 w-full`} value={to} onChange={(e) => list.set({ to: e.target.value })} />
        </label>
      </form>
      {accountId && (
        <p className="mb-3 text-sm text-slate-700">
          One account's cases only.{' '}
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => list.set({ accountId: '' })}>
            Show every account
          </button>
        </p>
      )}
      <PagedTable
        headings={['Opened', 'Case', 'Piece', 'Account', 'Status', 'Assignee']}
        minWidth="min-w-[760px]"
        query={query}
        failed="Could not load the cases"
        empty="No case matches."
        row={(c) => (
          <tr key={c._id} className={c.overdue ? 'bg-red-50/60' : undefined}>
            <td data-label="Opened" className={`${tdClass} whitespace-nowrap`}>
              {formatDateTime(c.openedAt)}
              {c.overdue && (
                <span className="mt-1 block">
                  <CaseOverdueBadge />
                </span>
              )}
            </td>
            <td data-label="Case" className={tdClass}>
              <Link to={paths.adminDiscrepancy(c._id)} className="font-semibold text-brand-700 hover:underline">
                {kindLabel(c.kind)}
              </Link>
              <span className="block max-w-xs truncate text-xs text-slate-500">{c.detail}</span>
            </td>
            <td data-label="Piece" className={`${tdClass} font-mono text-xs`}>
              {c.piece?.barcode ?? c.delivery?.orderId ?? '—'}
            </td>
            <td data-label="Account" className={tdClass}>
              {c.account ? (
                <button
                  type="button"
                  className="text-left text-brand-700 hover:underline"
                  onClick={() => list.set({ accountId: c.account?._id ?? '' })}
                >
                  {c.account.name}
                </button>
              ) : (
                '—'
              )}
            </td>
            <td data-label="Status" className={tdClass}>
              <CaseStatusBadge status={c.status} />
            </td>
            <td data-label="Assignee" className={tdClass}>
              {c.assignee?.name ?? <span className="text-slate-500">Nobody yet</span>}
            </td>
          </tr>
        )}
      />
    </DispatchPage>
  );
}
