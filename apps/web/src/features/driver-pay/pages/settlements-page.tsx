import { ADMIN_ROLES, type TRole, type TSettlement } from '@courier/contract';
import { FileDown, Play } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/form-controls';
import { DispatchPage, HeadRow, TableCard, TableMessage, tdClass } from '@/components/ui/list-page';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useApproveSettlement } from '../api/approve-settlement';
import { payFilePaths, useDownloadPayFile } from '../api/download-pay-file';
import { useSettlements } from '../api/get-settlements';
import { useMarkSettlementPaid } from '../api/mark-settlement-paid';
import { useRunSettlements } from '../api/run-settlements';
import { formatCents, isoDay, weekOf } from '../lib/money';

const STATUS_STYLE: Record<TSettlement['status'], string> = {
  draft: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-sky-50 text-sky-800 ring-sky-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};

/** The paid-on day and reference of one settlement, asked in its row. */
function PaidForm({ settlement, onDone }: { settlement: TSettlement; onDone: () => void }) {
  const [paidOn, setPaidOn] = useState(isoDay());
  const [reference, setReference] = useState('');
  const paid = useMarkSettlementPaid();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reference.trim()) return toast.error('Enter the payment reference');
    paid.mutate(
      { id: settlement._id, paidOn, reference: reference.trim() },
      {
        onSuccess: () => {
          toast.success(`${settlement.driverName} marked paid`);
          onDone();
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not mark it paid')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
      <Field id={`paid-on-${settlement._id}`} label="Paid on">
        <input type="date" className={inputClass({ className: 'h-9' })} value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
      </Field>
      <Field id={`paid-ref-${settlement._id}`} label="Reference">
        <input
          className={inputClass({ className: 'h-9' })}
          value={reference}
          maxLength={100}
          onChange={(e) => setReference(e.target.value)}
        />
      </Field>
      <button type="submit" className={buttonClass({ size: 'sm' })} disabled={paid.isPending}>
        Save payment
      </button>
    </form>
  );
}

/** /admin/settlements: run a period's settlements, approve and pay them, and download the statements and payroll files. */
export function SettlementsPage() {
  const { role } = useSession();
  const mayEdit = !!role && (ADMIN_ROLES as readonly TRole[]).includes(role);
  const [period, setPeriod] = useState(weekOf());
  const [status, setStatus] = useState('');
  const [paying, setPaying] = useState<string | null>(null);
  const filter: Record<string, string> = { from: period.from, to: period.to, ...(status ? { status } : {}) };
  const list = useSettlements(filter);
  const run = useRunSettlements();
  const approve = useApproveSettlement();
  const download = useDownloadPayFile();
  const fetchFile = (path: string, fileName: string) =>
    download.mutate({ path, fileName }, { onError: (e) => toast.error(errorMessage(e, 'Could not download the file')) });
  const rows = list.data?.data ?? [];

  return (
    <DispatchPage
      title="Settlements"
      intro="Each driver's pay for a period: drafted from their items, approved, then paid by direct deposit."
      tools={
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass({ variant: 'secondary' })}
            onClick={() => fetchFile(payFilePaths.export(period.from, period.to, 'csv'), `driver-pay-${period.from}-to-${period.to}.csv`)}
          >
            <FileDown aria-hidden="true" className="size-4" />
            Payroll CSV
          </button>
          {mayEdit && (
            <button
              type="button"
              className={buttonClass({ variant: 'secondary' })}
              onClick={() =>
                fetchFile(payFilePaths.export(period.from, period.to, 'nacha'), `direct-deposit-${period.from}-to-${period.to}.ach`)
              }
            >
              <FileDown aria-hidden="true" className="size-4" />
              NACHA file
            </button>
          )}
        </div>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <Field id="settle-from" label="From">
          <input
            type="date"
            className={inputClass()}
            value={period.from}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          />
        </Field>
        <Field id="settle-to" label="To">
          <input
            type="date"
            className={inputClass()}
            value={period.to}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
          />
        </Field>
        <Field id="settle-status" label="Status">
          <select className={inputClass()} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Any</option>
            <option value="draft">Draft</option>
            <option value="approved">Approved</option>
            <option value="paid">Paid</option>
          </select>
        </Field>
        {mayEdit && (
          <button
            type="button"
            className={buttonClass({ className: 'h-11' })}
            disabled={run.isPending}
            onClick={() =>
              run.mutate(period, {
                onSuccess: (r) => toast.success(r.message),
                onError: (e) => toast.error(errorMessage(e, 'Could not run the settlements')),
              })
            }
          >
            <Play aria-hidden="true" className="size-4" />
            Run settlements
          </button>
        )}
      </div>
      <TableCard>
        <table className="w-full min-w-[760px]">
          <thead className="bg-slate-50">
            <HeadRow
              headings={[
                'Driver',
                'Period',
                'Status',
                'Jobs',
                'Gross',
                'Adjustments',
                'Net',
                <span key="a" className="sr-only">
                  Actions
                </span>,
              ]}
            />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.isError ? (
              <TableMessage colSpan={8}>{errorMessage(list.error, 'Could not load the settlements')}</TableMessage>
            ) : list.isPending ? (
              <TableMessage colSpan={8}>Loading…</TableMessage>
            ) : rows.length === 0 ? (
              <TableMessage colSpan={8}>No settlement in these days.</TableMessage>
            ) : (
              rows.map((s) => (
                <tr key={s._id}>
                  <td data-label="Driver" className={`${tdClass} font-medium text-slate-900`}>
                    {s.driverName}
                  </td>
                  <td data-label="Period" className={`${tdClass} whitespace-nowrap`}>
                    {s.from} to {s.to}
                  </td>
                  <td data-label="Status" className={tdClass}>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLE[s.status]}`}>{s.status}</span>
                    {s.paidOn && <span className="mt-1 block text-xs text-slate-600">{`on ${s.paidOn}, ${s.paidReference}`}</span>}
                  </td>
                  <td data-label="Jobs" className={tdClass}>
                    {s.jobs}
                  </td>
                  <td data-label="Gross" className={`${tdClass} tabular-nums`}>
                    {formatCents(s.grossCents)}
                  </td>
                  <td data-label="Adjustments" className={`${tdClass} tabular-nums`}>
                    {formatCents(s.adjustmentsCents)}
                  </td>
                  <td data-label="Net" className={`${tdClass} font-semibold tabular-nums`}>
                    {formatCents(s.netCents)}
                  </td>
                  <td className={`${tdClass} text-right`}>
                    <div className="flex flex-wrap justify-end gap-2">
                      <button
                        type="button"
                        aria-label={`Statement PDF for ${s.driverName}`}
                        className={buttonClass({ variant: 'ghost', size: 'sm' })}
                        onClick={() => fetchFile(payFilePaths.statement(s._id), `pay-statement-${s.from}-to-${s.to}.pdf`)}
                      >
                        PDF
                      </button>
                      {mayEdit && s.status === 'draft' && (
                        <button
                          type="button"
                          aria-label={`Approve ${s.driverName}`}
                          className={buttonClass({ variant: 'secondary', size: 'sm' })}
                          disabled={approve.isPending}
                          onClick={() =>
                            approve.mutate(s._id, {
                              onSuccess: () => toast.success(`${s.driverName} approved`),
                              onError: (e) => toast.error(errorMessage(e, 'Could not approve')),
                            })
                          }
                        >
                          Approve
                        </button>
                      )}
                      {mayEdit && s.status === 'approved' && paying !== s._id && (
                        <button
                          type="button"
                          aria-label={`Mark ${s.driverName} paid`}
                          className={buttonClass({ variant: 'secondary', size: 'sm' })}
                          onClick={() => setPaying(s._id)}
                        >
                          Mark paid
                        </button>
                      )}
                    </div>
                    {paying === s._id && <PaidForm settlement={s} onDone={() => setPaying(null)} />}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableCard>
    </DispatchPage>
  );
}
