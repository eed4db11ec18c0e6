import { Link } from 'react-router';
import { TableCard, tdClass, thClass } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useMyStatement } from '../api/get-my-invoices';
import { CustomerFrame } from '../components/customer-frame';
import { InvoiceStatus } from '../components/invoice-status';
import { formatCents } from '../lib/money';

/** /account/statement: open invoices, the last year's payments and the balance, for the account's owner. */
export function StatementPage() {
  const query = useMyStatement();
  const s = query.data?.data;
  return (
    <CustomerFrame title="Statement" intro={s ? `${s.accountName}, as of ${s.asOf}` : 'What your account owes and what it has paid.'}>
      {query.isError && <p role="alert">{errorMessage(query.error, 'Could not load the statement')}</p>}
      {s && (
        <>
          <p className="mb-4 rounded-xl border border-slate-200 bg-white p-4 text-lg shadow-sm">
            Balance due: <strong>{formatCents(s.balanceCents)}</strong>
          </p>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">Open invoices</h2>
          <TableCard>
            <table className="w-full min-w-[560px]">
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr>
                  {['Invoice', 'Due', 'Status', 'Balance'].map((h) => (
                    <th key={h} scope="col" className={thClass}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {s.openInvoices.length === 0 && (
                  <tr>
                    <td colSpan={4} className={tdClass}>
                      Nothing is open.
                    </td>
                  </tr>
                )}
                {s.openInvoices.map((i) => (
                  <tr key={i._id}>
                    <td data-label="Invoice" className={tdClass}>
                      <Link to={paths.myInvoice(i._id)} className="font-medium text-brand-700 underline">
                        {i.number}
                      </Link>
                    </td>
                    <td data-label="Due" className={tdClass}>
                      {i.dueDate}
                    </td>
                    <td data-label="Status" className={tdClass}>
                      <InvoiceStatus status={i.status} />
                    </td>
                    <td data-label="Balance" className={tdClass}>
                      {formatCents(i.balanceCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
          <h2 className="mt-6 mb-2 text-lg font-semibold text-slate-900">Payments received</h2>
          {s.payments.length === 0 ? (
            <p className="text-sm text-slate-600">No payments in the last year.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {s.payments.map((p) => (
                <li key={p._id}>
                  {p.receivedOn}: {formatCents(p.amountCents)} by {p.method === 'ach' ? 'ACH' : p.method}
                  {p.reference ? ` (${p.reference})` : ''} for {p.invoiceNumber}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </CustomerFrame>
  );
}
