import {
  DEFAULT_VEHICLE_CAPACITY,
  DRIVER_SKILL_LABELS,
  DRIVER_SKILLS,
  SHIFT_START_PLACES,
  type TDriverShiftRequest,
  type TManagedUser,
  type TShiftStartPlace,
  ZDriverShiftRequest,
} from '@courier/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock } from 'lucide-react';
import { useEffect, useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';

const BUILT_IN: readonly string[] = DRIVER_SKILLS;
/** "pharma_cert, Night Run" → ["pharma_cert", "night_run"]: the administrator's own skills, typed. */
const typedSkills = (text: string) =>
  text
    .split(',')
    .map((s) =>
      s
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_'),
    )
    .filter(Boolean);

/**
 * The form holds the whole request (the contract's rules: HH:MM, end after start, the break inside the shift, the
 * capacities, skill names), the skills as ticked boxes for the built-in ones plus a line for the administrator's own.
 */
type TShiftForm = z.input<typeof ZDriverShiftRequest> & { skills: string[]; otherSkills: string };
const toRequest = ({ skills, otherSkills, ...rest }: TShiftForm) => ({
  ...rest,
  skills: [...new Set([...skills, ...typedSkills(otherSkills)])],
});
const requestResolver = zodResolver(ZDriverShiftRequest);
const shiftResolver: Resolver<TShiftForm, unknown, TDriverShiftRequest> = (values, context, options) =>
  requestResolver(toRequest(values), context, options as never) as ReturnType<Resolver<TShiftForm, unknown, TDriverShiftRequest>>;
const DEFAULT_BREAK = { minutes: 30, earliest: '11:30', latest: '13:30' };

const PLACE_LABELS: Record<TShiftStartPlace, string> = { base: 'Home base', current: 'Where the driver is' };

/**
 * A driver's shift for route planning: start and end (HH:MM), where it starts, its break, the vehicle's compartments
 * (general and cold units) and the driver's skills.
 */
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
    shift: {
      start: user.shift?.start ?? '08:00',
      end: user.shift?.end ?? '17:00',
      startPlace: user.shift?.startPlace ?? 'base',
      break: user.shift?.break ?? null,
    },
    vehicleCapacity: user.vehicleCapacity ?? DEFAULT_VEHICLE_CAPACITY,
    coldCapacity: user.coldCapacity ?? 0,
    skills: (user.skills ?? []).filter((s) => BUILT_IN.includes(s)),
    otherSkills: (user.skills ?? []).filter((s) => !BUILT_IN.includes(s)).join(', '),
  });
  const { register, handleSubmit, reset, formState, watch, setValue } = useForm<TShiftForm, unknown, TDriverShiftRequest>({
    resolver: shiftResolver,
    // A message shows until the next submit (as the checks always did).
    reValidateMode: 'onSubmit',
    defaultValues: defaults(),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (open) reset(defaults());
  }, [open]);
  const pause = watch('shift.break');
  const breakErrors = formState.errors.shift?.break;
  const skillErrors = formState.errors.skills;
  const errors = {
    start: formState.errors.shift?.start?.message,
    end: formState.errors.shift?.end?.message,
    vehicleCapacity: formState.errors.vehicleCapacity?.message,
    coldCapacity: formState.errors.coldCapacity?.message,
    breakMinutes: breakErrors?.minutes?.message,
    breakEarliest: breakErrors?.earliest?.message,
    breakLatest: breakErrors?.latest?.message,
    // A skill's own message (a bad name) or the list's (too many, twice).
    skills: skillErrors?.message ?? (Array.isArray(skillErrors) ? skillErrors.find((e) => e?.message)?.message : undefined),
  };
  const asNumber = { setValueAs: (v: unknown) => (String(v).trim() === '' ? Number.NaN : Number(v)) };

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
      <form
        id={formId}
        noValidate
        // The break and skills make the form taller than a laptop's screen: it scrolls within the dialog, whose buttons stay.
        className="-mx-1 grid max-h-[58dvh] gap-4 overflow-y-auto px-1 pb-1 sm:grid-cols-2"
        onSubmit={handleSubmit(onSave)}
      >
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
        >
          <input
            id={id('capacity')}
            type="number"
            inputMode="numeric"
            min={1}
            {...register('vehicleCapacity', asNumber)}
            className={inputClass({ invalid: !!errors.vehicleCapacity })}
          />
        </Field>
        <Field
          id={id('cold')}
          label="Cold compartment (units)"
          error={errors.coldCapacity}
          hint="0: none. Refrigerated and frozen goods ride in it."
        >
          <input
            id={id('cold')}
            type="number"
            inputMode="numeric"
            min={0}
            {...register('coldCapacity', asNumber)}
            className={inputClass({ invalid: !!errors.coldCapacity })}
          />
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Break</legend>
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={!!pause}
              onChange={(e) => setValue('shift.break', e.target.checked ? DEFAULT_BREAK : null, { shouldDirty: true })}
            />
            The planner places a break in this shift
          </label>
          {pause && (
            <div className="mt-2 grid gap-3 sm:grid-cols-3">
              <Field id={id('break-minutes')} label="Length (minutes)" error={errors.breakMinutes}>
                <input
                  id={id('break-minutes')}
                  type="number"
                  inputMode="numeric"
                  min={5}
                  {...register('shift.break.minutes', asNumber)}
                  className={inputClass({ invalid: !!errors.breakMinutes })}
                />
              </Field>
              <Field id={id('break-earliest')} label="Starts no earlier than" error={errors.breakEarliest}>
                <input
                  id={id('break-earliest')}
                  type="time"
                  {...register('shift.break.earliest')}
                  className={inputClass({ invalid: !!errors.breakEarliest })}
                />
              </Field>
              <Field id={id('break-latest')} label="Starts no later than" error={errors.breakLatest}>
                <input
                  id={id('break-latest')}
                  type="time"
                  {...register('shift.break.latest')}
                  className={inputClass({ invalid: !!errors.breakLatest })}
                />
              </Field>
            </div>
          )}
        </fieldset>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Skills</legend>
          <p className="mb-2 text-xs text-slate-500">Jobs ask for these from their handling (cold chain, controlled substances, UN3373).</p>
          <div className="grid gap-x-5 gap-y-2 text-sm text-slate-700 sm:grid-cols-2">
            {DRIVER_SKILLS.map((skill) => (
              <label key={skill} className="inline-flex items-center gap-2">
                <input type="checkbox" value={skill} {...register('skills')} />
                {DRIVER_SKILL_LABELS[skill]}
              </label>
            ))}
          </div>
          <Field
            id={id('other-skills')}
            label="Other skills"
            marker="optional"
            error={errors.skills}
            hint="Your own, separated by commas (e.g. hazmat_class_9, night_runs)."
            className="mt-3"
          >
            <input id={id('other-skills')} type="text" {...register('otherSkills')} className={inputClass({ invalid: !!errors.skills })} />
          </Field>
        </fieldset>
      </form>
    </FormDialog>
  );
}
