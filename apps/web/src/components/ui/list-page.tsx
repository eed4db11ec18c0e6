/** The one way to build a list: the page frame of a dispatch list, its table, and the pager under any list. */
import { MAX_PAGE_BUTTONS, type TPaging } from '@courier/contract';
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/error-message';

/** The frame of a staff list page: a title, a line on what it is, optional tools, the content. */
export function DispatchPage({ title, intro, tools, children }: { title: string; intro: string; tools?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-6xl px-3 py-5 sm:px-6 lg:py-7">
      <title>{`${title} · Dispatch · MedCourier`}</title>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">{intro}</p>
        </div>
        {tools}
      </div>
      {children}
    </section>
  );
}

/** A card holding a table that scrolls sideways on a phone rather than breaking the page. */
export function TableCard({ children }: { children: ReactNode }) {
  return <div className="stacked-table overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">{children}</div>;
}

export const thClass = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase whitespace-nowrap';
export const tdClass = 'px-4 py-3 text-sm text-slate-700 align-top';

/** A staff table's head row: one column heading each. */
export function HeadRow({ headings }: { headings: ReactNode[] }) {
  return (
    <tr>
      {headings.map((heading, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed for the table
        <th key={i} scope="col" className={thClass}>
          {heading}
        </th>
      ))}
    </tr>
  );
}

/** The one row a table shows while loading, empty or failed. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}

interface TPagedList<TRow> {
  data: TRow[];
  paging?: TPaging;
}

/**
 * A staff list: the headings, one row per item, the loading / failed / empty row, and the pager below. The
 * query is passed as it is (TanStack's isPending, isError, error, data).
 */
export function PagedTable<TRow>({
  headings,
  minWidth,
  query,
  failed,
  empty,
  row,
  onPage,
}: {
  headings: ReactNode[];
  /** Below this width the table scrolls sideways (a Tailwind class such as min-w-[640px]). */
  minWidth: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: TPagedList<TRow> };
  failed: string;
  empty: string;
  row: (item: TRow) => ReactNode;
  /** Turns the page itself; by default the page goes to the URL (useListParams). */
  onPage?: (page: number) => void;
}) {
  const { isPending, isError, error, data } = query;
  const span = headings.length;
  return (
    <>
      <TableCard>
        <table className={`w-full ${minWidth}`}>
          <thead className="border-b border-slate-200 bg-slate-50">
            <HeadRow headings={headings} />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {isPending ? (
              <TableMessage colSpan={span}>Loading…</TableMessage>
            ) : isError || !data ? (
              <TableMessage colSpan={span}>{errorMessage(error, failed)}</TableMessage>
            ) : data.data.length === 0 ? (
              <TableMessage colSpan={span}>{empty}</TableMessage>
            ) : (
              data.data.map(row)
            )}
          </tbody>
        </table>
      </TableCard>
      <Pager paging={data?.paging} onPage={onPage} />
    </>
  );
}

/** Up to `size` consecutive page numbers around the current page, shifted to stay inside 1..totalPages. */
export function pageWindow(currentPage: number, totalPages: number, size = MAX_PAGE_BUTTONS): number[] {
  const total = Math.max(1, Math.floor(totalPages));
  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  const count = Math.min(size, total);
  let first = current - Math.floor(count / 2);
  first = Math.max(1, Math.min(first, total - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}

const buttonBase =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The one pager under a list: Previous, up to 5 page buttons around the current page, Next, and (unless
 * the page says it elsewhere) "Page x of y · n in all". Nothing while everything fits on one page. The
 * page turned goes to the URL (useListParams) unless the list turns its pages itself.
 */
export function Pager({
  paging,
  onPage,
  summary = true,
}: {
  paging: Pick<TPaging, 'page' | 'totalPages' | 'total'> | undefined;
  onPage?: (page: number) => void;
  /** Off where the list already says how many it shows (My Deliveries). */
  summary?: boolean;
}) {
  const { setPage } = useListParams();
  const turn = onPage ?? setPage;
  if (!paging || paging.totalPages <= 1) return null;
  const { page: currentPage, totalPages, total } = paging;
  const buttons = (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={() => turn(currentPage - 1)}
        disabled={currentPage <= 1}
        className={clsx(buttonBase, 'gap-1 text-slate-600 hover:bg-slate-100')}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Previous</span>
        <span className="sr-only sm:hidden">Previous page</span>
      </button>
      {pageWindow(currentPage, totalPages).map((page) => (
        <button
          key={page}
          type="button"
          onClick={() => turn(page)}
          aria-current={page === currentPage ? 'page' : undefined}
          aria-label={`Page ${page}`}
          className={clsx(
            buttonBase,
            page === currentPage
              ? 'bg-brand-600 text-white shadow-sm'
              : 'text-slate-700 ring-1 ring-slate-200 ring-inset hover:bg-slate-50',
          )}
        >
          {page}
        </button>
      ))}
      <button
        type="button"
        onClick={() => turn(currentPage + 1)}
        disabled={currentPage >= totalPages}
        className={clsx(buttonBase, 'gap-1 text-slate-600 hover:bg-slate-100')}
      >
        <span className="hidden sm:inline">Next</span>
        <span className="sr-only sm:hidden">Next page</span>
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
  if (!summary) return <nav aria-label="Pagination">{buttons}</nav>;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-slate-600">
      <span>
        Page {currentPage} of {totalPages} · {total} in all
      </span>
      {buttons}
    </nav>
  );
}
