import { CalendarClock } from 'lucide-react';
import { formatOccurrence } from '@/lib/schedule-rule';

/** The next required-by times of a standing order, each with an optional Skip action. */
export function NextOccurrences({
  occurrences,
  timeZone,
  onSkip,
  skipping,
  label,
}: {
  occurrences: string[];
  timeZone: string;
  onSkip?: (iso: string) => void;
  skipping?: string | null;
  label: string;
}) {
  if (occurrences.length === 0) return <p className="text-sm text-slate-500">No deliveries coming.</p>;
  return (
    <ol aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {occurrences.map((iso) => {
        const when = formatOccurrence(iso, timeZone);
        return (
          <li key={iso} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span className="flex items-center gap-2 text-slate-800">
              <CalendarClock aria-hidden="true" className="size-4 text-brand-600" />
              <time dateTime={iso}>{when}</time>
            </span>
            {onSkip && (
              <button
                type="button"
                className="rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
                onClick={() => onSkip(iso)}
                disabled={skipping === iso}
                aria-label={`Skip ${when}`}
              >
                Skip
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
