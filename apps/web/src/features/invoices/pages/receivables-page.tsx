import { RECEIVABLES_BUCKETS } from '@courier/contract';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-controls';
import { DispatchPage, TableCard, tdClass, thClass } from '@/components/ui/list-page';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { exportReceivables, useReceivables } from '../api/get-receivables';
import { formatCents } from '../lib/money';

/** /admin/receivables: what each account owes as of a day, by days past due, with the CSV beside it. */
export function ReceivablesPage() {
  const [asOf, setAsOf] = useState('');
  const query = useReceivables(asOf || undefined);
  const report = query.data?.data;
  const headings = ['Account', 'Current', '1-30', '31-60', '61-90', '90+', 'Total'];
  return (
    <DispatchPage
      title="Receivables"
      intro="Open balances of issued invoices, aged by days past their due date."
      tools={
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor="as-of" className="mb-1 block text-sm font-medium text-slate-700">
              As of
            </label>
            <input
              id="as-of"
              type="date"
              value={asOf}
              onChange={(e) => setAsOf(e.target.value)}
              className={inputClass({ className: 'h-10' })}
            />
          </div>
          <button
            type="button"
            className={buttonClass({ variant: 'secondary' })}
            onClick={() => exportReceivables(asOf || undefined).catch((e) => toast.error(errorMessage(e, 'Could not export')))}
          >
            Download CSV
          </button>
        </div>
      }
    >
      {query.isError && <p role="alert">{errorMessage(query.error, 'Could not load receivables')}</p>}
      {report && (
        <TableCard>
          <table className="w-full min-w-[720px]">
            <caption className="sr-only">Receivables as of {report.asOf}</caption>
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                {headings.map((h) => (
                  <th key={h} scope="col" className={h === 'Account' ? thClass : `${thClass} text-right`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.accounts.length === 0 && (
                <tr>
                  <td colSpan={headings.length} className={tdClass}>
                    Nothing is owed as of {report.asOf}.
                  </td>
                </tr>
              )}
              {[...report.accounts, { accountId: 'total', accountName: 'Total', ...report.totals }].map((a) => (
                <tr key={a.accountId} className={a.accountId === 'total' ? 'bg-slate-50 font-semibold' : undefined}>
                  <th scope="row" data-label="Account" className={`${tdClass} text-left font-medium`}>
                    {a.accountName}
                  </th>
                  {RECEIVABLES_BUCKETS.map((b, i) => (
                    <td key={b} data-label={headings[i + 1]} className={`${tdClass} text-right whitespace-nowrap`}>
                      {formatCents(a[b])}
                    </td>
                  ))}
                  <td data-label="Total" className={`${tdClass} text-right whitespace-nowrap`}>
                    {formatCents(a.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableCard>
      )}
    </DispatchPage>
  );
}
