import clsx from 'clsx';
import { AlarmClock } from 'lucide-react';

/** 'Overdue': an icon and the word, so it never rests on colour alone; the title says what it means. */
export function OverdueBadge({ className }: { className?: string }) {
  return (
    <span
      title="Past its required-by time and not yet delivered"
      className={clsx(
        'inline-flex items-center gap-1 rounded-full bg-orange-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-orange-800 ring-1 ring-orange-300',
        className,
      )}
    >
      <AlarmClock aria-hidden="true" className="size-3.5" />
      Overdue
    </span>
  );
}
