import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { downloadInvoicePdf } from '../api/download-invoice-pdf';
import { useMyInvoice } from '../api/get-my-invoices';
import { CustomerFrame } from '../components/customer-frame';
import { InvoiceLines, InvoiceTotals } from '../components/invoice-lines';
import { InvoiceStatus } from '../components/invoice-status';

/** /account/invoices/:id: one invoice (the billing e-mail links here) and its PDF. */
export function MyInvoicePage() {
  const { id = '' } = useParams();
  const query = useMyInvoice(id);
  const invoice = query.data?.data;
  return (
    <CustomerFrame
      title={invoice?.number ? `Invoice ${invoice.number}` : 'Invoice'}
      intro={
        invoice
          ? `Deliveries from ${invoice.periodFrom} to ${invoice.periodTo}; due ${invoice.dueDate} (net ${invoice.termsDays} days).`
          : 'Loading…'
      }
      tools={
        <div className="flex gap-2">
          <Link to={paths.myInvoices} className={buttonClass({ variant: 'ghost' })}>
            All invoices
          </Link>
          {invoice && (
            <button
              type="button"
              className={buttonClass()}
              onClick={() =>
                downloadInvoicePdf({ id, name: invoice.number ?? 'invoice', owner: true }).catch((e) =>
                  toast.error(errorMessage(e, 'Could not get the PDF')),
                )
              }
            >
              Download PDF
            </button>
          )}
        </div>
      }
    >
      {query.isError && <p role="alert">{errorMessage(query.error, 'Could not load the invoice')}</p>}
      {invoice && (
        <>
          <p className="mb-3">
            <InvoiceStatus status={invoice.status} />
          </p>
          <InvoiceLines invoice={invoice} />
          <InvoiceTotals invoice={invoice} />
        </>
      )}
    </CustomerFrame>
  );
}
