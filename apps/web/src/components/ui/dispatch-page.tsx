import type { TPaging } from '@courier/contract';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/error-message';
import { Pager } from './pager';

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
  onPage: (page: number) => void;
}) {
  const { isPending, isError, error, data } = query;
  const span = headings.length;
  return (
    <>
      <TableCard>
        <table className={`w-full ${minWidth}`}>
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              {headings.map((heading, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed for the page
                <th key={i} className={thClass}>
                  {heading}
                </th>
              ))}
            </tr>
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
