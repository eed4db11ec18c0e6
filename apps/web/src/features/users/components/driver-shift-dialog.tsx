import {
  DEFAULT_VEHICLE_CAPACITY,
  SHIFT_START_PLACES,
  type TDriverShiftRequest,
  type TManagedUser,
  type TShiftStartPlace,
  ZDriverShiftRequest,
} from '@courier/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';

/** The form holds the whole request: a shift (the contract's HH:MM and end-after-start rules) and a capacity. */
type TShiftForm = z.input<typeof ZDriverShiftRequest>;

const PLACE_LABELS: Record<TShiftStartPlace, string> = { base: 'Home base', current: 'Where the driver is' };

/** A driver's shift for route planning: start and end (HH:MM), where it starts, and the vehicle's capacity. */
export function DriverShiftDialog({
  user,
  open,
  busy,
  onClose,
  onSave,
}: {
  user: TManagedUser;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSave: (body: TDriverShiftRequest) => void;
}) {
  const formId = useId();
  const defaults = (): TShiftForm => ({
    shift: { start: user.shift?.start ?? '08:00', end: user.shift?.end ?? '17:00', startPlace: user.shift?.startPlace ?? 'base' },
    vehicleCapacity: user.vehicleCapacity ?? DEFAULT_VEHICLE_CAPACITY,
  });
  const { register, handleSubmit, reset, formState } = useForm<TShiftForm, unknown, TDriverShiftRequest>({
    resolver: zodResolver(ZDriverShiftRequest),
    // A message shows until the next submit (as the checks always did).
    reValidateMode: 'onSubmit',
    defaultValues: defaults(),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (open) reset(defaults());
  }, [open]);
  const errors = {
    start: formState.errors.shift?.start?.message,
    end: formState.errors.shift?.end?.message,
    vehicleCapacity: formState.errors.vehicleCapacity?.message,
  };

  const id = (name: string) => `${formId}-${name}`;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      icon={<Clock aria-hidden="true" className="size-6" />}
      title={`Shift of ${name}`}
      formId={formId}
      submitLabel="Save shift"
      busy={busy}
    >
      <form id={formId} noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={handleSubmit(onSave)}>
        <Field id={id('start')} label="Shift start" error={errors.start}>
          <input id={id('start')} type="time" {...register('shift.start')} className={inputClass({ invalid: !!errors.start })} />
        </Field>
        <Field id={id('end')} label="Shift end" error={errors.end}>
          <input id={id('end')} type="time" {...register('shift.end')} className={inputClass({ invalid: !!errors.end })} />
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Starts from</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
            {SHIFT_START_PLACES.map((p) => (
              <label key={p} className="inline-flex items-center gap-2">
                <input type="radio" value={p} {...register('shift.startPlace')} />
                {PLACE_LABELS[p]}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          id={id('capacity')}
          label="Vehicle capacity (units)"
          error={errors.vehicleCapacity}
          hint="Small parcel 1, medium 2, large 4, extra large 8."
          className="sm:col-span-2"
        >
          <input
            id={id('capacity')}
            type="number"
            inputMode="numeric"
            min={1}
            {...register('vehicleCapacity', { setValueAs: (v) => (String(v).trim() === '' ? Number.NaN : Number(v)) })}
            className={inputClass({ invalid: !!errors.vehicleCapacity, className: 'sm:w-40' })}
          />
        </Field>
      </form>
    </FormDialog>
  );
}
