import type { TInvoice, TInvoiceLine } from '@courier/contract';
import type { ReactNode } from 'react';
import { TableCard, tdClass, thClass } from '@/components/ui/list-page';
import { formatCents } from '../lib/money';

/** The invoice's charges grouped by delivery: date, tracking number, PO and route once per delivery. */
export function InvoiceLines({ invoice, action }: { invoice: TInvoice; action?: (line: TInvoiceLine) => ReactNode }) {
  let previous = '';
  return (
    <TableCard>
      <table className="w-full min-w-[720px]">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {['Date', 'Delivery', 'Route', 'Charge', 'Amount'].map((h) => (
              <th key={h} scope="col" className={h === 'Amount' ? `${thClass} text-right` : thClass}>
                {h}
              </th>
            ))}
            {action && (
              <th scope="col" className={thClass}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {invoice.lines.map((l) => {
            const first = l.deliveryId !== previous;
            previous = l.deliveryId;
            return (
              <tr key={l._id}>
                <td data-label="Date" className={`${tdClass} whitespace-nowrap`}>
                  {first ? l.date : ''}
                </td>
                <td data-label="Delivery" className={tdClass}>
                  {first && (
                    <>
                      <span className="block font-mono text-xs">{l.trackingNumber}</span>
                      {l.reference && <span className="block text-xs text-slate-500">PO {l.reference}</span>}
                    </>
                  )}
                </td>
                <td data-label="Route" className={tdClass}>
                  {first ? l.route : ''}
                </td>
                <td data-label="Charge" className={tdClass}>
                  {l.description}
                  {l.adjustmentReason && (
                    <span className="block text-xs text-amber-800">
                      Adjusted from {formatCents(l.pricedCents)}: {l.adjustmentReason}
                    </span>
                  )}
                </td>
                <td data-label="Amount" className={`${tdClass} text-right whitespace-nowrap`}>
                  {formatCents(l.amountCents)}
                </td>
                {action && <td className={`${tdClass} text-right`}>{action(l)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableCard>
  );
}

/** Subtotal, credits, payments and the balance. */
export function InvoiceTotals({ invoice }: { invoice: TInvoice }) {
  const rows: [string, number][] = [
    ['Subtotal', invoice.subtotalCents],
    ['Credit notes', -invoice.creditedCents],
    ['Payments', -invoice.paidCents],
  ];
  return (
    <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-1 text-sm">
      {rows.map(([label, cents]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right">{formatCents(cents === 0 ? 0 : cents)}</dd>
        </div>
      ))}
      <dt className="font-semibold text-slate-900">Balance due</dt>
      <dd className="text-right font-semibold text-slate-900">{formatCents(invoice.balanceCents)}</dd>
    </dl>
  );
}
