import { Field, inputClass } from '@/components/ui/form-controls';
import { type TRepeatKind, type TScheduleChoice, WEEKDAYS } from '@/lib/schedule-rule';

const KINDS: { value: TRepeatKind; label: string }[] = [
  { value: 'weekdays', label: 'Every weekday (Mon-Fri)' },
  { value: 'days', label: 'Chosen days of the week' },
  { value: 'interval', label: 'Every few days' },
  { value: 'monthly', label: 'Monthly on a day' },
];

/** How often and when a standing order repeats: a repeat pattern, its detail and a time on the business clock. */
export function ScheduleFields({
  value,
  onChange,
  error,
  timeZone,
}: {
  value: TScheduleChoice;
  onChange: (next: TScheduleChoice) => void;
  /** What is wrong with the pattern (no days chosen, a bad number, the server's refusal). */
  error?: string;
  timeZone?: string;
}) {
  const set = (changes: Partial<TScheduleChoice>) => onChange({ ...value, ...changes });
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field id="repeat-kind" label="Repeat" error={value.kind === 'days' ? undefined : error}>
        <select
          id="repeat-kind"
          className={inputClass()}
          value={value.kind}
          onChange={(e) => set({ kind: e.target.value as TRepeatKind })}
          aria-invalid={error && value.kind !== 'days' ? true : undefined}
          aria-describedby={error && value.kind !== 'days' ? 'repeat-kind-error' : undefined}
        >
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="schedule-time" label="Required by (time)" hint={timeZone ? `Business time (${timeZone.replace('_', ' ')})` : undefined}>
        <input
          id="schedule-time"
          type="time"
          required
          className={inputClass()}
          value={value.time}
          onChange={(e) => set({ time: e.target.value })}
          aria-describedby={timeZone ? 'schedule-time-hint' : undefined}
        />
      </Field>

      {value.kind === 'days' && (
        <fieldset className="sm:col-span-2" aria-describedby={error ? 'repeat-days-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">Days of the week</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((d) => {
              const checked = value.days.includes(d.code);
              return (
                <label
                  key={d.code}
                  className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-200 ${
                    checked ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700'
                  }`}
                >
                  <input
                    type="checkbox"
                    className="accent-brand-600"
                    checked={checked}
                    onChange={(e) => set({ days: e.target.checked ? [...value.days, d.code] : value.days.filter((x) => x !== d.code) })}
                  />
                  <span aria-hidden="true">{d.short}</span>
                  <span className="sr-only">{d.long}</span>
                </label>
              );
            })}
          </div>
          {error && (
            <p id="repeat-days-error" className="mt-1.5 text-sm text-red-600">
              {error}
            </p>
          )}
        </fieldset>
      )}
      {value.kind === 'interval' && (
        <Field id="every-days" label="Every how many days">
          <input
            id="every-days"
            type="number"
            min={1}
            max={366}
            inputMode="numeric"
            className={inputClass()}
            value={Number.isNaN(value.everyDays) ? '' : value.everyDays}
            onChange={(e) => set({ everyDays: e.target.valueAsNumber })}
          />
        </Field>
      )}
      {value.kind === 'monthly' && (
        <Field id="month-day" label="Day of the month" hint="Months without that day are left out.">
          <input
            id="month-day"
            type="number"
            min={1}
            max={31}
            inputMode="numeric"
            className={inputClass()}
            value={Number.isNaN(value.monthDay) ? '' : value.monthDay}
            onChange={(e) => set({ monthDay: e.target.valueAsNumber })}
            aria-describedby="month-day-hint"
          />
        </Field>
      )}
    </div>
  );
}
