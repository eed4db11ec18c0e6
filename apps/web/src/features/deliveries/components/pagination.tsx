import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from '@/lib/delivery-format';

const buttonBase =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** Previous, up to 5 page buttons around the current page, Next. */
export function Pagination({
  currentPage,
  totalPages,
  onPageChange,
}: {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  const pages = pageWindow(currentPage, totalPages);
  return (
    <nav aria-label="Pagination" className="flex items-center gap-1">
      <button
        type="button"
        onClick={() => onPageChange(currentPage - 1)}
        disabled={currentPage <= 1}
        className={clsx(buttonBase, 'gap-1 text-slate-600 hover:bg-slate-100')}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Previous</span>
        <span className="sr-only sm:hidden">Previous page</span>
      </button>
      {pages.map((page) => (
        <button
          key={page}
          type="button"
          onClick={() => onPageChange(page)}
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
        onClick={() => onPageChange(currentPage + 1)}
        disabled={currentPage >= totalPages}
        className={clsx(buttonBase, 'gap-1 text-slate-600 hover:bg-slate-100')}
      >
        <span className="hidden sm:inline">Next</span>
        <span className="sr-only sm:hidden">Next page</span>
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
