import { ADMIN_ROLES, PAYMENT_METHODS, type TInvoiceLine, type TPaymentMethod, type TRole } from '@courier/contract';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-controls';
import { DispatchPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { type TInvoiceChange, useChangeInvoice } from '../api/change-invoice';
import { downloadInvoicePdf } from '../api/download-invoice-pdf';
import { useInvoice } from '../api/get-invoice';
import { InvoiceLines, InvoiceTotals } from '../components/invoice-lines';
import { InvoiceStatus } from '../components/invoice-status';
import { centsFromText, dollarsText, formatCents } from '../lib/money';

const labelClass = 'mb-1 block text-sm font-medium text-slate-700';
const cardClass = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm';
/** Today on the office's calendar (not UTC's, which is already tomorrow on an evening in New York). */
const today = () => new Date().toLocaleDateString('en-CA');

/** /admin/invoices/:id: review a draft (adjust a line with a reason), issue it, record payments, credit or void. */
export function InvoicePage() {
  const { id = '' } = useParams();
  const { role } = useSession();
  const mayChange = !!role && (ADMIN_ROLES as readonly TRole[]).includes(role);
  const query = useInvoice(id);
  const change = useChangeInvoice();
  const [editing, setEditing] = useState<TInvoiceLine | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [payment, setPayment] = useState({ amount: '', receivedOn: today(), method: 'check' as TPaymentMethod, reference: '' });
  const [credit, setCredit] = useState({ amount: '', reason: '' });
  const [voidReason, setVoidReason] = useState('');

  const invoice = query.data?.data;
  const title = invoice ? (invoice.number ?? `Draft invoice: ${invoice.accountName}`) : 'Invoice';
  const act = (c: TInvoiceChange, done: string, after?: () => void) =>
    change.mutate(c, {
      onSuccess: () => {
        toast.success(done);
        after?.();
      },
      onError: (e) => toast.error(errorMessage(e, 'Could not change the invoice')),
    });
  const cents = (text: string, field: string) => {
    const value = centsFromText(text);
    if (value === null) toast.error(`${field}: enter an amount such as 125.00`);
    return value;
  };

  return (
    <DispatchPage
      title={title}
      intro={invoice ? `${invoice.accountName}, deliveries from ${invoice.periodFrom} to ${invoice.periodTo}` : 'Loading…'}
      tools={
        <Link to={paths.adminInvoices} className={buttonClass({ variant: 'ghost' })}>
          All invoices
        </Link>
      }
    >
      {query.isError && <p role="alert">{errorMessage(query.error, 'Could not load the invoice')}</p>}
      {invoice && (
        <>
          <div className={`${cardClass} mb-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm`}>
            <InvoiceStatus status={invoice.status} />
            <span>Invoice date: {invoice.invoiceDate ?? 'on issue'}</span>
            <span>Due: {invoice.dueDate ?? 'on issue'}</span>
            <span>Bill to: {invoice.billingEmail}</span>
            {invoice.voidReason && <span>Void: {invoice.voidReason}</span>}
            <span className="ml-auto flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
                onClick={() =>
                  downloadInvoicePdf({ id, name: invoice.number ?? 'draft-invoice' }).catch((e) =>
                    toast.error(errorMessage(e, 'Could not get the PDF')),
                  )
                }
              >
                PDF
              </button>
              {mayChange && invoice.status === 'draft' && (
                <button
                  type="button"
                  className={buttonClass({ size: 'sm' })}
                  disabled={change.isPending}
                  onClick={() => act({ kind: 'issue', id }, 'Invoice issued and e-mailed')}
                >
                  Issue
                </button>
              )}
            </span>
          </div>
          <InvoiceLines
            invoice={invoice}
            action={
              mayChange && invoice.status === 'draft'
                ? (line) => (
                    <button
                      type="button"
                      aria-label={`Adjust ${line.description}`}
                      className={buttonClass({ variant: 'ghost', size: 'sm' })}
                      onClick={() => {
                        setEditing(line);
                        setAmount(dollarsText(line.amountCents));
                        setReason(line.adjustmentReason ?? '');
                      }}
                    >
                      Adjust
                    </button>
                  )
                : undefined
            }
          />
          {editing && (
            <form
              className={`${cardClass} mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_auto_auto] sm:items-end`}
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                const value = cents(amount, 'Amount');
                if (value !== null)
                  act({ kind: 'adjust', id, lineId: editing._id, body: { amountCents: value, reason } }, 'Line adjusted', () =>
                    setEditing(null),
                  );
              }}
            >
              <div>
                <label htmlFor="adjust-amount" className={labelClass}>
                  New amount ($)
                </label>
                <input
                  id="adjust-amount"
                  inputMode="decimal"
                  required
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  className={inputClass()}
                />
              </div>
              <div>
                <label htmlFor="adjust-reason" className={labelClass}>
                  Reason
                </label>
                <input id="adjust-reason" required value={reason} onChange={(e) => setReason(e.target.value)} className={inputClass()} />
              </div>
              <button type="submit" className={buttonClass()} disabled={change.isPending}>
                Save line
              </button>
              <button type="button" className={buttonClass({ variant: 'ghost' })} onClick={() => setEditing(null)}>
                Cancel
              </button>
            </form>
          )}
          <InvoiceTotals invoice={invoice} />
          {invoice.payments.length + invoice.creditNotes.length > 0 && (
            <section className={`${cardClass} mt-4 text-sm`} aria-labelledby="received">
              <h2 id="received" className="mb-2 font-semibold text-slate-900">
                Payments and credit notes
              </h2>
              <ul className="space-y-1">
                {invoice.payments.map((p) => (
                  <li key={p._id}>
                    {p.receivedOn}: {formatCents(p.amountCents)} by {p.method}
                    {p.reference ? ` (${p.reference})` : ''}
                  </li>
                ))}
                {invoice.creditNotes.map((c) => (
                  <li key={c._id}>
                    {c.issuedOn}: credit note {c.number}, {formatCents(c.amountCents)}: {c.reason}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {mayChange && (invoice.status === 'issued' || invoice.status === 'overdue') && (
            <div className="mt-4 grid gap-4 lg:grid-cols-2">
              <form
                className={`${cardClass} grid gap-3 sm:grid-cols-2`}
                aria-labelledby="pay-title"
                onSubmit={(e: FormEvent) => {
                  e.preventDefault();
                  const value = cents(payment.amount, 'Payment');
                  if (value !== null) {
                    act(
                      {
                        kind: 'payment',
                        id,
                        body: { amountCents: value, receivedOn: payment.receivedOn, method: payment.method, reference: payment.reference },
                      },
                      'Payment recorded',
                      () => setPayment({ ...payment, amount: '', reference: '' }),
                    );
                  }
                }}
              >
                <h2 id="pay-title" className="font-semibold text-slate-900 sm:col-span-2">
                  Record a payment
                </h2>
                <div>
                  <label htmlFor="pay-amount" className={labelClass}>
                    Amount ($)
                  </label>
                  <input
                    id="pay-amount"
                    inputMode="decimal"
                    required
                    value={payment.amount}
                    onChange={(e) => setPayment({ ...payment, amount: e.target.value })}
                    className={inputClass()}
                  />
                </div>
                <div>
                  <label htmlFor="pay-date" className={labelClass}>
                    Received on
                  </label>
                  <input
                    id="pay-date"
                    type="date"
                    required
                    value={payment.receivedOn}
                    onChange={(e) => setPayment({ ...payment, receivedOn: e.target.value })}
                    className={inputClass()}
                  />
                </div>
                <div>
                  <label htmlFor="pay-method" className={labelClass}>
                    Method
                  </label>
                  <select
                    id="pay-method"
                    value={payment.method}
                    onChange={(e) => setPayment({ ...payment, method: e.target.value as TPaymentMethod })}
                    className={inputClass()}
                  >
                    {PAYMENT_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {m === 'ach' ? 'ACH' : m}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor="pay-reference" className={labelClass}>
                    Reference (check number)
                  </label>
                  <input
                    id="pay-reference"
                    value={payment.reference}
                    onChange={(e) => setPayment({ ...payment, reference: e.target.value })}
                    className={inputClass()}
                  />
                </div>
                <button type="submit" className={buttonClass({ className: 'sm:col-span-2' })} disabled={change.isPending}>
                  Record payment
                </button>
              </form>
              <form
                className={`${cardClass} grid gap-3`}
                aria-labelledby="credit-title"
                onSubmit={(e: FormEvent) => {
                  e.preventDefault();
                  const value = cents(credit.amount, 'Credit');
                  if (value !== null)
                    act({ kind: 'credit', id, body: { amountCents: value, reason: credit.reason } }, 'Credit note issued', () =>
                      setCredit({ amount: '', reason: '' }),
                    );
                }}
              >
                <h2 id="credit-title" className="font-semibold text-slate-900">
                  Credit note
                </h2>
                <div>
                  <label htmlFor="credit-amount" className={labelClass}>
                    Amount ($)
                  </label>
                  <input
                    id="credit-amount"
                    inputMode="decimal"
                    required
                    value={credit.amount}
                    onChange={(e) => setCredit({ ...credit, amount: e.target.value })}
                    className={inputClass()}
                  />
                </div>
                <div>
                  <label htmlFor="credit-reason" className={labelClass}>
                    Reason
                  </label>
                  <input
                    id="credit-reason"
                    required
                    value={credit.reason}
                    onChange={(e) => setCredit({ ...credit, reason: e.target.value })}
                    className={inputClass()}
                  />
                </div>
                <button type="submit" className={buttonClass({ variant: 'secondary' })} disabled={change.isPending}>
                  Issue credit note
                </button>
              </form>
            </div>
          )}
          {mayChange && invoice.status !== 'void' && invoice.paidCents + invoice.creditedCents === 0 && (
            <form
              className={`${cardClass} mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end`}
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                act({ kind: 'void', id, reason: voidReason }, 'Invoice voided', () => setVoidReason(''));
              }}
            >
              <div>
                <label htmlFor="void-reason" className={labelClass}>
                  Void this invoice: reason (its deliveries go on the next run)
                </label>
                <input
                  id="void-reason"
                  required
                  value={voidReason}
                  onChange={(e) => setVoidReason(e.target.value)}
                  className={inputClass()}
                />
              </div>
              <button type="submit" className={buttonClass({ variant: 'danger' })} disabled={change.isPending}>
                Void
              </button>
            </form>
          )}
        </>
      )}
    </DispatchPage>
  );
}
