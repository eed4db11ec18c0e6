import type { TSmsConsentState } from '@courier/contract';
import { Check, Minus } from 'lucide-react';
import { DispatchPage, PagedTable, tdClass } from '@/components/ui/list-page';
import { formatDateTime } from '@/lib/format-date';
import { useAdminOptins } from '../api/get-admin-optins';
import { useListParams } from '@/hooks/use-list-params';

function Consent({ given, label }: { given: boolean; label: string }) {
  return given ? (
    <span className="inline-flex items-center gap-1 text-emerald-700">
      <Check aria-hidden="true" className="size-4" />
      {label}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-slate-400">
      <Minus aria-hidden="true" className="size-4" />
      <s>{label}</s>
    </span>
  );
}

const SMS_STATUS: Record<TSmsConsentState, { label: string; className: string }> = {
  none: { label: 'Not asked', className: 'bg-slate-100 text-slate-700' },
  pending: { label: 'Pending YES', className: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200' },
  confirmed: { label: 'Confirmed', className: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' },
  stopped: { label: 'Stopped', className: 'bg-red-50 text-red-800 ring-1 ring-red-200' },
};

/** /admin/optins: who agreed to what, in which words and when (the proof a carrier asks for). */
export function DispatchOptinsPage() {
  const { page } = useListParams();
  const query = useAdminOptins(page);
  return (
    <DispatchPage
      title="SMS opt-ins"
      intro="Every consent, with the exact text agreed to and when. SMS starts only when the phone replies YES (pending until then) and ends with STOP."
    >
      <PagedTable
        headings={['Phone', 'Company', 'SMS', 'Consent', 'Source', 'Text agreed to', 'When']}
        minWidth="min-w-[860px]"
        query={query}
        failed="Could not load the opt-ins"
        empty="No opt-in yet."
        row={(o) => (
          <tr key={o._id}>
            <td data-label="Phone" className={`${tdClass} whitespace-nowrap`}>
              {o.phone}
            </td>
            <td data-label="Company" className={tdClass}>
              {o.company || <span className="text-slate-400">—</span>}
              {o.email && <span className="block text-xs break-all text-slate-500">{o.email}</span>}
            </td>
            <td data-label="SMS" className={`${tdClass} whitespace-nowrap`}>
              <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${SMS_STATUS[o.smsStatus].className}`}>
                {SMS_STATUS[o.smsStatus].label}
              </span>
            </td>
            <td data-label="Consent" className={`${tdClass} space-y-0.5 whitespace-nowrap`}>
              <Consent given={o.consent.sms} label="SMS" />
              <br />
              <Consent given={o.consent.email} label="E-mail" />
              <br />
              <Consent given={o.consent.marketing} label="Marketing" />
            </td>
            <td data-label="Source" className={tdClass}>
              {o.source.toLowerCase()}
            </td>
            <td data-label="Text agreed to" className={`${tdClass} max-w-sm text-xs leading-5 text-slate-600`}>
              {o.consentText}
            </td>
            <td data-label="When" className={`${tdClass} whitespace-nowrap`}>
              {formatDateTime(o.consentedAt)}
            </td>
          </tr>
        )}
      />
    </DispatchPage>
  );
}
