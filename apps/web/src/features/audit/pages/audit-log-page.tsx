import { auditActionLabel, type TAuditEntry } from '@courier/contract';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { DispatchPage, PagedTable, tdClass } from '@/components/ui/list-page';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useExportAuditLog } from '../api/export-audit-log';
import { useListParams, useTypedFilter } from '@/hooks/use-list-params';
import { formatDateTime } from '@/lib/format-date';
import { type TAuditFilter, useAuditLog } from '../api/get-audit-log';

const ENTITIES = ['', 'delivery', 'user', 'optin', 'feedback'] as const;
/** Changes first: the log opens on what people did; reads (grouped, with a count) are one choice away. */
const KINDS = [
  { value: '', label: 'Changes' },
  { value: 'reads', label: 'Reads' },
  { value: 'all', label: 'Changes and reads' },
] as const;
const controlClass =
  'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-100 focus:outline-none';

function details(value: Record<string, unknown> | null): string {
  if (!value) return '';
  return Object.entries(value)
    .filter(([key]) => key !== 'count')
    .map(([key, v]) => `${key}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}

/** The record an entry names, as a link where the console has a page for it. */
function RecordCell({ entry }: { entry: TAuditEntry }) {
  const orderId = typeof entry.details?.orderId === 'string' ? entry.details.orderId : null;
  if (entry.entity === 'delivery' && entry.entityId) {
    return (
      <Link to={paths.adminDelivery(entry.entityId)} className="font-mono font-semibold text-brand-700 hover:underline">
        {orderId ? `#${orderId}` : 'Delivery'}
      </Link>
    );
  }
  if (entry.entity === 'user' && entry.entityId) {
    return (
      <Link to={paths.adminUsers} className="font-medium text-brand-700 hover:underline">
        User <span className="block font-mono text-slate-500">{entry.entityId}</span>
      </Link>
    );
  }
  return (
    <>
      {entry.entity}
      {entry.entityId && <span className="block font-mono text-slate-500">{entry.entityId}</span>}
    </>
  );
}

/** /admin/audit: who did what to which record, when and from where. Read only: the log is append-only. */
export function AuditLogPage() {
  const list = useListParams();
  const { page } = list;
  const [action, setAction] = useTypedFilter(list, 'action');
  const [actor, setActor] = useTypedFilter(list, 'actor');
  const kind = list.read('kind');
  const settledAction = list.read('action');
  const entity = list.read('entity');
  const from = list.read('from');
  const to = list.read('to');
  const filter: TAuditFilter = {
    page,
    action: settledAction || undefined,
    kind: kind === 'all' ? undefined : kind === 'reads' ? 'reads' : 'changes',
    actor: list.read('actor') || undefined,
    entity: entity || undefined,
    from: from || undefined,
    // The whole "to" day counts.
    to: to ? `${to}T23:59:59.999` : undefined,
  };
  const query = useAuditLog(filter);
  const exporter = useExportAuditLog();
  const download = () =>
    exporter.mutate(filter, { onError: (error) => toast.error(errorMessage(error, 'Could not export the audit log')) });

  return (
    <DispatchPage
      title="Audit log"
      intro="Every sign-in, status change and account change, as it happened; staff reads are grouped, one row a minute with a count."
      tools={
        <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={download} disabled={exporter.isPending}>
          <Download aria-hidden="true" className="size-4" />
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      }
    >
      <form className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" onSubmit={(event) => event.preventDefault()}>
        <label className="col-span-2 text-xs font-medium text-slate-600 sm:col-span-1">
          Show
          <select className={`${controlClass} mt-1 w-full`} value={kind} onChange={(e) => list.set({ kind: e.target.value })}>
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label className="col-span-2 text-xs font-medium text-slate-600 sm:col-span-1">
          Who
          <input
            className={`${controlClass} mt-1 w-full`}
            value={actor}
            placeholder="Name or e-mail"
            onChange={(e) => setActor(e.target.value)}
          />
        </label>
        <label className="col-span-2 text-xs font-medium text-slate-600 sm:col-span-1">
          Action
          <input
            className={`${controlClass} mt-1 w-full`}
            value={action}
            placeholder="delivery."
            onChange={(e) => setAction(e.target.value)}
          />
        </label>
        <label className="col-span-2 text-xs font-medium text-slate-600 sm:col-span-1">
          Record
          <select className={`${controlClass} mt-1 w-full`} value={entity} onChange={(e) => list.set({ entity: e.target.value })}>
            {ENTITIES.map((e) => (
              <option key={e} value={e}>
                {e || 'Any'}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          From
          <input type="date" className={`${controlClass} mt-1 w-full`} value={from} onChange={(e) => list.set({ from: e.target.value })} />
        </label>
        <label className="text-xs font-medium text-slate-600">
          To
          <input type="date" className={`${controlClass} mt-1 w-full`} value={to} onChange={(e) => list.set({ to: e.target.value })} />
        </label>
      </form>
      <PagedTable
        headings={['When', 'Who', 'Action', 'Record', 'Details']}
        minWidth="min-w-[760px]"
        query={query}
        failed="Could not load the audit log"
        empty="Nothing matches."
        row={(entry) => (
          <tr key={entry._id}>
            <td data-label="When" className={`${tdClass} whitespace-nowrap`}>
              {formatDateTime(entry.createdAt)}
            </td>
            <td data-label="Who" className={tdClass}>
              {entry.actor ? (
                <>
                  <span className="block font-medium text-slate-900">{entry.actor.name}</span>
                  <span className="block text-xs text-slate-500">{entry.actor.email}</span>
                </>
              ) : (
                <span className="text-slate-500">system</span>
              )}
            </td>
            <td data-label="Action" className={tdClass}>
              <span className="block font-medium text-slate-900">
                {auditActionLabel(entry.action)}
                {entry.count > 1 && (
                  <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                    {`×${entry.count}`}
                    <span className="sr-only"> within the minute</span>
                  </span>
                )}
              </span>
              <span className="block font-mono text-xs text-slate-500">{entry.action}</span>
            </td>
            <td data-label="Record" className={`${tdClass} text-xs`}>
              <RecordCell entry={entry} />
            </td>
            <td data-label="Details" className={`${tdClass} max-w-sm text-xs break-words text-slate-600`}>
              {details(entry.details)}
              {entry.ip && <span className="block text-slate-500">from {entry.ip}</span>}
            </td>
          </tr>
        )}
      />
    </DispatchPage>
  );
}
