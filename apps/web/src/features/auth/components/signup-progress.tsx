import clsx from 'clsx';
import { Check } from 'lucide-react';

/** The wizard's progress bar: a filled track and the three named steps. */
export function SignupProgress({ steps, current }: { steps: readonly string[]; current: number }) {
  const percent = Math.round((current / steps.length) * 100);
  return (
    <div className="mb-7">
      <div className="flex items-center justify-between text-sm">
        <h2 data-step-heading tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
          Step {current} of {steps.length}: {steps[current - 1]}
        </h2>
        <p className="text-slate-500">{percent}%</p>
      </div>
      <div
        role="progressbar"
        aria-label="Sign-up progress"
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={current}
        aria-valuetext={`Step ${current} of ${steps.length}: ${steps[current - 1]}`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-4 grid grid-cols-3 gap-2">
        {steps.map((title, index) => {
          const step = index + 1;
          const done = step < current;
          const active = step === current;
          return (
            <li
              key={title}
              className="flex min-w-0 flex-col items-center gap-1.5 text-center sm:flex-row sm:gap-2 sm:text-left"
              aria-current={active ? 'step' : undefined}
            >
              <span
                className={clsx(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1 transition-colors',
                  done && 'bg-brand-600 text-white ring-brand-600',
                  active && 'bg-brand-50 text-brand-700 ring-2 ring-brand-500',
                  !done && !active && 'bg-white text-slate-400 ring-slate-200',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" strokeWidth={3} /> : step}
              </span>
              <span className={clsx('text-xs font-medium sm:truncate sm:text-sm', active || done ? 'text-slate-900' : 'text-slate-500')}>
                {title}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
