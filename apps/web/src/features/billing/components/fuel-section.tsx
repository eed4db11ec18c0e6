import { zodResolver } from '@hookform/resolvers/zod';
import { type TFuelSurchargeRequest, ZFuelSurchargeRequest } from '@courier/contract';
import { Fuel, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/form-controls';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useAddFuelSurcharge } from '../api/add-fuel-surcharge';
import { useFuelSurcharges } from '../api/get-fuel-surcharges';
import { useRemoveFuelSurcharge } from '../api/remove-fuel-surcharge';

const ZFuelForm = z.object({
  from: z.iso.date('Choose the first day'),
  to: z.union([z.literal(''), z.iso.date('Choose the last day')]),
  percent: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter a percentage such as 12.5'),
});
type TFuelForm = z.infer<typeof ZFuelForm>;

/** Fuel percentages by date range: the one in force on the booking day applies to the base line. */
export function FuelSection({ mayEdit }: { mayEdit: boolean }) {
  const formId = useId();
  const list = useFuelSurcharges();
  const add = useAddFuelSurcharge();
  const remove = useRemoveFuelSurcharge();
  const { register, handleSubmit, reset, formState } = useForm<TFuelForm>({
    resolver: zodResolver(ZFuelForm),
    defaultValues: { from: '', to: '', percent: '' },
  });
  const e = formState.errors;
  const submit = (f: TFuelForm) => {
    const body: TFuelSurchargeRequest = { from: f.from, percent: Number(f.percent), ...(f.to ? { to: f.to } : {}) };
    const checked = ZFuelSurchargeRequest.safeParse(body);
    if (!checked.success) return toast.error(checked.error.issues[0]?.message ?? 'Check the dates');
    add.mutate(body, {
      onSuccess: () => {
        toast.success(`Fuel surcharge of ${body.percent}% set`);
        reset();
      },
      onError: (err) => toast.error(errorMessage(err, 'Could not set the fuel surcharge')),
    });
  };
  return (
    <section aria-labelledby={`${formId}-title`} className="mt-8">
      <h2 id={`${formId}-title`} className="mb-1 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Fuel aria-hidden="true" className="size-5 text-slate-500" />
        Fuel surcharges
      </h2>
      <p className="mb-3 text-sm text-slate-600">A percentage of the base, by the day a job is booked. Ranges never overlap.</p>
      {list.isError && <p role="alert">{errorMessage(list.error, 'Could not load the fuel surcharges')}</p>}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {list.data?.data.length === 0 && <li className="px-4 py-3 text-sm text-slate-600">No fuel surcharge is set.</li>}
        {list.data?.data.map((f) => (
          <li key={f._id} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
            <span>
              <span className="font-semibold text-slate-900">{f.percent}%</span> from {f.from}{' '}
              {f.to ? `to ${f.to}` : 'until further notice'}
            </span>
            {mayEdit && (
              <button
                type="button"
                aria-label={`Remove the ${f.percent}% fuel surcharge from ${f.from}`}
                className={buttonClass({ variant: 'ghost', size: 'sm', className: 'text-red-700 hover:bg-red-50' })}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(f._id, {
                    onSuccess: () => toast.success('Fuel surcharge removed'),
                    onError: (err) => toast.error(errorMessage(err, 'Could not remove it')),
                  })
                }
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {mayEdit && (
        <form noValidate onSubmit={handleSubmit(submit)} className="mt-3 grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
          <Field id={`${formId}-from`} label="From" error={e.from?.message}>
            <input id={`${formId}-from`} type="date" {...register('from')} className={inputClass({ invalid: !!e.from })} />
          </Field>
          <Field id={`${formId}-to`} label="To" marker="optional" error={e.to?.message}>
            <input id={`${formId}-to`} type="date" {...register('to')} className={inputClass({ invalid: !!e.to })} />
          </Field>
          <Field id={`${formId}-percent`} label="Percent" error={e.percent?.message}>
            <input id={`${formId}-percent`} inputMode="decimal" {...register('percent')} className={inputClass({ invalid: !!e.percent })} />
          </Field>
          <button type="submit" className={buttonClass({ className: 'h-11' })} disabled={add.isPending}>
            Add
          </button>
        </form>
      )}
    </section>
  );
}
