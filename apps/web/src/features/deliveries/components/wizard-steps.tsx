import clsx from 'clsx';
import { Check } from 'lucide-react';
import { ORDER_STEPS, type TOrderStep } from '../lib/order-form';

/** Where the customer is in the three steps. */
export function WizardSteps({ step }: { step: TOrderStep }) {
  return (
    <ol className="flex items-center" aria-label="Progress">
      {ORDER_STEPS.map((s, index) => {
        const done = s.step < step;
        const current = s.step === step;
        return (
          <li key={s.step} className={clsx('flex items-center', index < ORDER_STEPS.length - 1 && 'flex-1')}>
            <div className="flex items-center gap-2" aria-current={current ? 'step' : undefined}>
              <span
                className={clsx(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                  done && 'bg-brand-600 text-white',
                  current && 'bg-brand-600 text-white ring-4 ring-brand-100',
                  !done && !current && 'bg-slate-100 text-slate-500',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : s.step}
              </span>
              <span className={clsx('text-sm font-medium', current ? 'text-slate-900' : 'hidden text-slate-500 sm:inline')}>
                {s.short}
                <span className="sr-only">{done ? ' (done)' : current ? ' (current step)' : ''}</span>
              </span>
            </div>
            {index < ORDER_STEPS.length - 1 && (
              <span aria-hidden="true" className={clsx('mx-3 h-0.5 flex-1 rounded', done ? 'bg-brand-600' : 'bg-slate-200')} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
