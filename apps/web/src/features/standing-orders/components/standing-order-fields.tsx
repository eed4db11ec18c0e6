import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ScheduleFields } from '@/components/schedule-fields';
import { Field, inputClass } from '@/components/ui/form-controls';
import type { TStandingOrderForm } from '../lib/standing-order-form';

/** The standing-order form's fields, shared by creation and edit: schedule, dates and a specimen's collection time. */
export function StandingOrderFields({
  control,
  register,
  errors,
  specimen,
  timeZone,
  startsOnMin,
}: {
  control: Control<TStandingOrderForm>;
  register: UseFormRegister<TStandingOrderForm>;
  errors: FieldErrors<TStandingOrderForm>;
  specimen: boolean;
  timeZone?: string;
  startsOnMin?: string;
}) {
  const scheduleError = errors.schedule?.kind?.message ?? errors.schedule?.time?.message ?? errors.schedule?.message;
  const collectionHint = "Each run's collection time (the earliest, if collected over the day). Its stability deadline counts from it.";
  return (
    <>
      <div>
        <h2 className="mb-3 text-base font-semibold text-slate-900">Schedule</h2>
        <Controller
          control={control}
          name="schedule"
          render={({ field }) => <ScheduleFields value={field.value} onChange={field.onChange} error={scheduleError} timeZone={timeZone} />}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="startsOn" label="Starts on" error={errors.startsOn?.message}>
          <input
            id="startsOn"
            type="date"
            required
            min={startsOnMin}
            className={inputClass({ invalid: !!errors.startsOn })}
            {...register('startsOn')}
          />
        </Field>
        <Field id="endsOn" label="Ends on (optional)" error={errors.endsOn?.message}>
          <input id="endsOn" type="date" className={inputClass({ invalid: !!errors.endsOn })} {...register('endsOn')} />
        </Field>
      </div>
      {specimen && (
        <Field id="collectionTime" label="Specimens collected at (time)" error={errors.collectionTime?.message} hint={collectionHint}>
          <input
            id="collectionTime"
            type="time"
            required
            className={inputClass({ invalid: !!errors.collectionTime, className: 'sm:max-w-56' })}
            {...register('collectionTime')}
          />
        </Field>
      )}
    </>
  );
}
