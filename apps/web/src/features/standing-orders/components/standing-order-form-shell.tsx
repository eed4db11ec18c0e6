import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { emptyStandingOrderForm, type TStandingOrderForm, ZStandingOrderForm } from '../lib/standing-order-form';

/** The form's field a server's 400 names. */
const FORM_FIELDS: Record<string, keyof TStandingOrderForm | 'schedule.kind' | 'schedule.time'> = {
  'schedule.rrule': 'schedule.kind',
  'schedule.time': 'schedule.time',
  startsOn: 'startsOn',
  endsOn: 'endsOn',
  'specimen.collectionTime': 'collectionTime',
};

/**
 * The standing-order form of both pages (creation and edit), with the problem the server answered: on the
 * field it names, or above the buttons.
 */
export function useStandingOrderForm() {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TStandingOrderForm>({ resolver: zodResolver(ZStandingOrderForm), defaultValues: emptyStandingOrderForm(false) });
  const showError = (error: unknown, fallback: string) => {
    const message = ((isApiError(error) && (error.fieldMessage ?? error.serverMessage)) || errorMessage(error, fallback)).replace(
      /^[\w.]+: /,
      '',
    );
    const field = isApiError(error) && error.field ? FORM_FIELDS[error.field] : undefined;
    if (field) form.setError(field, { message }, { shouldFocus: true });
    else setProblem(message);
  };
  return { form, problem, clearProblem: () => setProblem(null), showError };
}

/** The page's heading: an icon, the title and a line under it. */
export function StandingOrderHeading({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <>
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
        {icon}
        {title}
      </h1>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
    </>
  );
}

/** The end of the form: the server's problem (if any), Cancel and the submit button. */
export function StandingOrderFormEnd({
  problem,
  cancelTo,
  pending,
  submitLabel,
}: {
  problem: string | null;
  cancelTo: string;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      {problem && (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {problem}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClass({ variant: 'ghost' })}>
          Cancel
        </Link>
        <button type="submit" className={buttonClass()} disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </button>
      </div>
    </>
  );
}

/** The white card the form sits in. */
export const standingOrderFormClass = 'mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
