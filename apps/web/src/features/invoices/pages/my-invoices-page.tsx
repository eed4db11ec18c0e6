import { Link } from 'react-router';
import { PagedTable, tdClass } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { useListParams } from '@/hooks/use-list-params';
import { useMyInvoices } from '../api/get-my-invoices';
import { CustomerFrame } from '../components/customer-frame';
import { InvoiceStatus } from '../components/invoice-status';
import { formatCents } from '../lib/money';

/** /account/invoices: the account's invoices, for its owner. */
export function MyInvoicesPage() {
  const list = useListParams();
  const query = useMyInvoices(list.page);
  return (
    <CustomerFrame title="Invoices" intro="Your account's monthly invoices: every line says what it charges and why.">
      <PagedTable
        headings={['Invoice', 'Period', 'Invoice date', 'Due', 'Status', 'Total', 'Balance']}
        minWidth="min-w-[720px]"
        query={query}
        failed="Could not load your invoices"
        empty="No invoices yet."
        row={(i) => (
          <tr key={i._id}>
            <td data-label="Invoice" className={tdClass}>
              <Link to={paths.myInvoice(i._id)} className="font-medium text-brand-700 underline">
                {i.number}
              </Link>
            </td>
            <td data-label="Period" className={`${tdClass} whitespace-nowrap`}>
              {i.periodFrom} to {i.periodTo}
            </td>
            <td data-label="Invoice date" className={tdClass}>
              {i.invoiceDate}
            </td>
            <td data-label="Due" className={tdClass}>
              {i.dueDate}
            </td>
            <td data-label="Status" className={tdClass}>
              <InvoiceStatus status={i.status} />
            </td>
            <td data-label="Total" className={`${tdClass} whitespace-nowrap`}>
              {formatCents(i.subtotalCents)}
            </td>
            <td data-label="Balance" className={`${tdClass} whitespace-nowrap`}>
              {formatCents(i.balanceCents)}
            </td>
          </tr>
        )}
      />
    </CustomerFrame>
  );
}
