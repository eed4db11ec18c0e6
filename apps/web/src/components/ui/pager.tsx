import type { TPaging } from '@courier/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClass } from './button';

/** Previous / Next under a back-office list, with "page x of y". */
export function Pager({ paging, onPage }: { paging: TPaging | undefined; onPage: (page: number) => void }) {
  if (!paging || paging.totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 pt-4 text-sm text-slate-600">
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
        disabled={paging.page <= 1}
        onClick={() => onPage(paging.page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </button>
      <span>
        Page {paging.page} of {paging.totalPages} · {paging.total} in all
      </span>
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
        disabled={paging.page >= paging.totalPages}
        onClick={() => onPage(paging.page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
