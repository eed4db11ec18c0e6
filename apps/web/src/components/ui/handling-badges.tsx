import { type THandling, TEMPERATURE_SHORT } from '@courier/contract';
import clsx from 'clsx';
import { IdCard, OctagonAlert, Snowflake, Thermometer, TriangleAlert, Zap } from 'lucide-react';

const chip = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold ring-1 ring-inset whitespace-nowrap';

/**
 * What a handler must notice at a glance: STAT, the temperature class with its range, UN3373,
 * ID check, and a hold. Shared by the driver app, the board and the customer's pages.
 */
export function HandlingBadges({
  handling,
  className,
}: {
  handling: Pick<THandling, 'priority' | 'temperature' | 'specimen' | 'controlledSubstance' | 'hold'>;
  className?: string;
}) {
  const { priority, temperature, specimen, controlledSubstance, hold } = handling;
  if (priority !== 'stat' && temperature === 'ambient' && !specimen && !controlledSubstance && !hold) return null;
  return (
    <span className={clsx('inline-flex flex-wrap items-center gap-1.5', className)}>
      {hold && (
        <span className={clsx(chip, 'bg-red-600 text-white ring-red-700')}>
          <OctagonAlert aria-hidden="true" className="size-3.5" />
          On hold
        </span>
      )}
      {priority === 'stat' && (
        // Fuchsia with a bolt: never the red of "late" nor the orange of "at risk".
        <span className={clsx(chip, 'bg-fuchsia-50 text-fuchsia-800 ring-fuchsia-300')}>
          <Zap aria-hidden="true" className="size-3.5" />
          STAT
        </span>
      )}
      {temperature !== 'ambient' && (
        <span
          className={clsx(
            chip,
            temperature === 'frozen' ? 'bg-indigo-50 text-indigo-800 ring-indigo-300' : 'bg-sky-50 text-sky-800 ring-sky-300',
          )}
        >
          {temperature === 'frozen' ? (
            <Snowflake aria-hidden="true" className="size-3.5" />
          ) : (
            <Thermometer aria-hidden="true" className="size-3.5" />
          )}
          {TEMPERATURE_SHORT[temperature]}
        </span>
      )}
      {specimen?.category === 'UN3373' && (
        <span className={clsx(chip, 'bg-amber-50 text-amber-900 ring-amber-300')}>
          <TriangleAlert aria-hidden="true" className="size-3.5" />
          UN3373
        </span>
      )}
      {specimen?.category === 'exempt' && <span className={clsx(chip, 'bg-slate-50 text-slate-700 ring-slate-300')}>Exempt specimen</span>}
      {controlledSubstance && (
        <span className={clsx(chip, 'bg-violet-50 text-violet-800 ring-violet-300')}>
          <IdCard aria-hidden="true" className="size-3.5" />
          ID check
        </span>
      )}
    </span>
  );
}
