import { canMoveDiscrepancy, type TDiscrepancyDetail, type TDiscrepancyStatus } from '@courier/contract';
import { ArrowLeft, ClipboardList, FileDown, FileWarning, MessageSquare } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { DetailCard, DetailItem } from '@/components/ui/detail-card';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { getUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAddDiscrepancyNote } from '../api/add-discrepancy-note';
import { useDownloadLossReport } from '../api/download-loss-report';
import { useDiscrepancy } from '../api/get-discrepancy';
import { useUpdateDiscrepancy } from '../api/update-discrepancy';
import { CaseOverdueBadge, CaseStatusBadge, kindLabel } from '../components/case-badges';

const areaClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-100 focus:outline-none';
const quantity = (n: number | null, unit: string | null) => (n === null ? '' : `${n}${unit ? ` ${unit}` : ''}`);

/** Take it, move it forward, resolve it with what was done. */
function CaseActions({ c }: { c: TDiscrepancyDetail }) {
  const update = useUpdateDiscrepancy();
  const [resolution, setResolution] = useState('');
  const me = getUser()?._id;
  const move = (status: TDiscrepancyStatus, extra: { resolution?: string } = {}) =>
    update.mutate(
      { id: c._id, status, ...extra },
      { onSuccess: () => toast.success('Case updated'), onError: (e) => toast.error(errorMessage(e, 'Could not update the case')) },
    );
  const resolve = (event: FormEvent) => {
    event.preventDefault();
    move('resolved', { resolution });
  };
  if (c.status === 'resolved') return null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        {me && c.assignee?._id !== me && (
          <button
            type="button"
            className={buttonClass({ variant: 'secondary' })}
            disabled={update.isPending}
            onClick={() =>
              update.mutate({ id: c._id, assigneeId: me }, { onError: (e) => toast.error(errorMessage(e, 'Could not assign the case')) })
            }
          >
            Assign to me
          </button>
        )}
        {canMoveDiscrepancy(c.status, 'investigating') && (
          <button type="button" className={buttonClass()} disabled={update.isPending} onClick={() => move('investigating')}>
            Start investigating
          </button>
        )}
      </div>
      <form onSubmit={resolve} className="space-y-2">
        <label className="block text-sm font-medium text-slate-700">
          Resolution
          <textarea
            className={areaClass}
            rows={3}
            value={resolution}
            required
            maxLength={2000}
            onChange={(e) => setResolution(e.target.value)}
          />
        </label>
        <button type="submit" className={buttonClass({ variant: 'secondary' })} disabled={update.isPending || !resolution.trim()}>
          Resolve the case
        </button>
      </form>
    </div>
  );
}

function NoteForm({ id }: { id: string }) {
  const add = useAddDiscrepancyNote();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ id, text }, { onSuccess: () => setText(''), onError: (e) => toast.error(errorMessage(e, 'Could not add the note')) });
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-2">
      <label className="block text-sm font-medium text-slate-700">
        Add a note
        <textarea className={areaClass} rows={2} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit" className={buttonClass({ variant: 'secondary', size: 'sm' })} disabled={add.isPending || !text.trim()}>
        Add note
      </button>
    </form>
  );
}

/** /admin/discrepancies/{id}: what happened, where the piece is in its life, and the timeline of the work. */
export function DiscrepancyPage() {
  const { id = '' } = useParams();
  const query = useDiscrepancy(id);
  const loss = useDownloadLossReport();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <p className="p-6 text-sm text-red-700">{errorMessage(query.error, 'Could not load the case')}</p>;
  const c = query.data.data;
  return (
    <div className="mx-auto max-w-4xl space-y-5 p-4 sm:p-6">
      <Link
        to={paths.adminDiscrepancies}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to discrepancies
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{kindLabel(c.kind)}</h1>
        <CaseStatusBadge status={c.status} />
        {c.overdue && <CaseOverdueBadge />}
      </header>
      <DetailCard
        title="The case"
        icon={FileWarning}
        action={
          c.kind === 'controlled_count' ? (
            <button
              type="button"
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              disabled={loss.isPending}
              onClick={() =>
                loss.mutate(
                  { id: c._id, name: c.piece?.barcode ?? c._id },
                  { onError: (e) => toast.error(errorMessage(e, 'Could not print the loss report')) },
                )
              }
            >
              <FileDown aria-hidden="true" className="size-4" />
              Loss report (PDF)
            </button>
          ) : undefined
        }
      >
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <DetailItem label="What happened" className="sm:col-span-2">
            {c.detail}
          </DetailItem>
          <DetailItem label="Delivery">
            {c.delivery && (
              <Link to={paths.adminDelivery(c.delivery._id)} className="font-mono font-semibold text-brand-700 hover:underline">
                {c.delivery.orderId}
              </Link>
            )}
          </DetailItem>
          <DetailItem label="Piece">{c.piece && <span className="font-mono">{c.piece.barcode}</span>}</DetailItem>
          <DetailItem label="Account">{c.account?.name}</DetailItem>
          <DetailItem label="Driver">{c.driver?.name}</DetailItem>
          <DetailItem label="Opened">{formatDateTime(c.openedAt)}</DetailItem>
          <DetailItem label="Due">{formatDateTime(c.dueAt)}</DetailItem>
          <DetailItem label="Assignee">{c.assignee?.name}</DetailItem>
          {c.kind === 'controlled_count' && (
            <>
              <DetailItem label="Count handed over">{quantity(c.expectedQuantity, c.unit)}</DetailItem>
              <DetailItem label="Count received">{quantity(c.countedQuantity, c.unit)}</DetailItem>
            </>
          )}
          {c.resolution && (
            <DetailItem label={`Resolved ${c.resolvedAt ? formatDateTime(c.resolvedAt) : ''}`} className="sm:col-span-2">
              {c.resolution}
            </DetailItem>
          )}
        </dl>
      </DetailCard>
      {c.status !== 'resolved' && (
        <DetailCard title="Work the case" icon={ClipboardList}>
          <CaseActions c={c} />
        </DetailCard>
      )}
      <DetailCard title="Timeline" icon={MessageSquare}>
        <ol className="space-y-3">
          {c.timeline.map((t) => (
            <li key={t._id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-xs text-slate-500">
                {formatDateTime(t.createdAt)} · {t.author?.name ?? 'system'}
              </p>
              <p className="text-sm whitespace-pre-wrap text-slate-900">{t.text}</p>
            </li>
          ))}
        </ol>
        <NoteForm id={c._id} />
      </DetailCard>
    </div>
  );
}
