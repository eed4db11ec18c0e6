import type { TPaging } from '@courier/contract';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from '@/lib/delivery-format';

const buttonBase =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The one pager under a list: Previous, up to 5 page buttons around the current page, Next, and (unless
 * the page says it elsewhere) "Page x of y · n in all". Nothing while everything fits on one page.
 */
export function Pager({
  paging,
  onPage,
  summary = true,
}: {
  paging: Pick<TPaging, 'page' | 'totalPages' | 'total'> | undefined;
  onPage: (page: number) => void;
  /** Off where the list already says how many it shows (My Deliveries). */
  summary?: boolean;
}) {
  if (!paging || paging.totalPages <= 1) return null;
  const { page: currentPage, totalPages, total } = paging;
  const buttons = (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={() => onPage(currentPage - 1)}
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
          onClick={() => onPage(page)}
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
        onClick={() => onPage(currentPage + 1)}
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
