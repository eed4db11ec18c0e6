import {
  DEFAULT_VEHICLE_CAPACITY,
  SHIFT_START_PLACES,
  type TDriverShiftRequest,
  type TManagedUser,
  type TShiftStartPlace,
  ZDriverShiftRequest,
} from '@courier/contract';
import { Clock } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';

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
  const [start, setStart] = useState('08:00');
  const [end, setEnd] = useState('17:00');
  const [place, setPlace] = useState<TShiftStartPlace>('base');
  const [capacity, setCapacity] = useState(String(DEFAULT_VEHICLE_CAPACITY));
  const [errors, setErrors] = useState<Record<string, string>>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (!open) return;
    setStart(user.shift?.start ?? '08:00');
    setEnd(user.shift?.end ?? '17:00');
    setPlace(user.shift?.startPlace ?? 'base');
    setCapacity(String(user.vehicleCapacity ?? DEFAULT_VEHICLE_CAPACITY));
    setErrors({});
  }, [open]);

  const submit = () => {
    const parsed = ZDriverShiftRequest.safeParse({
      shift: { start, end, startPlace: place },
      vehicleCapacity: capacity.trim() === '' ? Number.NaN : Number(capacity),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[issue.path.length - 1] ?? 'shift');
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    onSave(parsed.data);
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
      <form
        id={formId}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field id={id('start')} label="Shift start" error={errors.start}>
          <input
            id={id('start')}
            type="time"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            className={inputClass({ invalid: !!errors.start })}
          />
        </Field>
        <Field id={id('end')} label="Shift end" error={errors.end}>
          <input
            id={id('end')}
            type="time"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            className={inputClass({ invalid: !!errors.end })}
          />
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Starts from</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
            {SHIFT_START_PLACES.map((p) => (
              <label key={p} className="inline-flex items-center gap-2">
                <input type="radio" name={id('place')} checked={place === p} onChange={() => setPlace(p)} />
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
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
            className={inputClass({ invalid: !!errors.vehicleCapacity, className: 'sm:w-40' })}
          />
        </Field>
      </form>
    </FormDialog>
  );
}
