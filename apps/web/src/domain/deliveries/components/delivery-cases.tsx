import { DISCREPANCY_KIND_LABELS, DISCREPANCY_STATUS_LABELS, isDiscrepancyOverdue, type TDiscrepancySummary } from '@courier/contract';
import { FileWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { DetailCard } from '@/components/ui/detail-card';
import { formatDateTime } from '@/lib/format-date';

/**
 * The discrepancy cases of a delivery (a piece missing, damaged, rejected...): what, how far along, since when. Staff pass
 * `linkOf` to open each case; the customer sees the status only. Nothing shows when there is none.
 */
export function DeliveryCases({
  cases,
  linkOf,
}: {
  cases: TDiscrepancySummary[] | undefined;
  linkOf?: (id: string, text: string) => ReactNode;
}) {
  if (!cases?.length) return null;
  const now = new Date();
  return (
    <DetailCard title="Discrepancy cases" icon={FileWarning}>
      <ul className="divide-y divide-slate-100">
        {cases.map((c) => {
          const label = DISCREPANCY_KIND_LABELS[c.kind];
          const overdue = isDiscrepancyOverdue(c, now);
          return (
            <li key={c.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              <span className="font-medium text-slate-900">{linkOf ? linkOf(c.id, label) : label}</span>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                {DISCREPANCY_STATUS_LABELS[c.status]}
              </span>
              {overdue && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">Overdue</span>}
              <span className="ml-auto text-xs text-slate-500">Opened {formatDateTime(c.openedAt)}</span>
            </li>
          );
        })}
      </ul>
    </DetailCard>
  );
}
