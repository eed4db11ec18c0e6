import type { TInvoiceStatus } from '@courier/contract';

const TONE: Record<TInvoiceStatus, string> = {
  draft: 'bg-slate-100 text-slate-800',
  issued: 'bg-sky-50 text-sky-800',
  overdue: 'bg-red-50 text-red-800',
  paid: 'bg-emerald-50 text-emerald-800',
  void: 'bg-slate-200 text-slate-700 line-through',
};

/** An invoice's status as a pill (words, not colour alone). */
export function InvoiceStatus({ status }: { status: TInvoiceStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${TONE[status]}`}>{status}</span>;
}
