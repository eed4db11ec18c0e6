import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { ScheduleFields } from '@/components/schedule-fields';
import { Field, inputClass } from '@/components/ui/form-controls';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { initialScheduleChoice, ruleOf, type TScheduleChoice } from '@/lib/schedule-rule';
import type { TDeliveryRequestForm } from '../api/create-delivery';
import { useCreateStandingOrder } from '@/domain/standing-orders/api/create-standing-order';

export interface TRepeatChoice {
  enabled: boolean;
  schedule: TScheduleChoice;
  /** YYYY-MM-DD; empty means the day after this delivery's required-by date. */
  startsOn: string;
  endsOn: string;
  /** A specimen's collection time of day for each run (HH:MM); empty means this delivery's collection time. */
  collectionTime: string;
}

/** The date after a datetime-local value's date. */
const dayAfter = (local: string) => {
  const [y, m, d] = local.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/**
 * "Repeat this delivery" on the request form: the choice, and setting the standing order up once the delivery
 * is booked, from the same fields (whatever fields the form has, less required-by and the image).
 */
export function useRepeatThisDelivery() {
  const [choice, setChoice] = useState<TRepeatChoice>({
    enabled: false,
    schedule: initialScheduleChoice(),
    startsOn: '',
    endsOn: '',
    collectionTime: '',
  });
  const create = useCreateStandingOrder();
  const rule = ruleOf(choice.schedule);
  /** Null when ready (or not repeating); else what to fix before submitting. */
  const problem = choice.enabled && 'error' in rule ? rule.error : null;

  /** After the booking: the standing order, or the reason it could not be set up (the delivery stays booked). */
  const setUp = async (form: TDeliveryRequestForm): Promise<{ ok: true } | { ok: false; message: string } | null> => {
    if (!choice.enabled || 'error' in rule) return null;
    const { requiredBy, specimenCategory, specimenCollectedAt, specimenStableHours, ...fields } = form;
    // A specimen's collection is per run: its time of day (this delivery's unless another is given) stands for each.
    const specimen =
      form.packageType === 'SPECIMEN'
        ? {
            specimen: {
              category: specimenCategory as 'UN3373' | 'exempt',
              stableForHours: Number(specimenStableHours),
              collectionTime: choice.collectionTime || specimenCollectedAt.slice(11, 16),
            },
          }
        : {};
    try {
      await create.mutateAsync({
        ...fields,
        ...specimen,
        schedule: { rrule: rule.rrule, time: choice.schedule.time },
        startsOn: choice.startsOn || dayAfter(requiredBy),
        endsOn: choice.endsOn || null,
      });
      return { ok: true };
    } catch (error) {
      const message = (isApiError(error) && (error.fieldMessage ?? error.serverMessage)) || errorMessage(error, 'Please try again');
      return { ok: false, message: message.replace(/^[\w.]+: /, '') };
    }
  };
  return { choice, setChoice, problem, setUp };
}

/** The checkbox and, when ticked, the schedule: how often, at what time, from and until when. */
export function RepeatThisDelivery({
  choice,
  onChange,
  problem,
  specimen = false,
}: {
  choice: TRepeatChoice;
  onChange: (next: TRepeatChoice) => void;
  problem: string | null;
  /** The delivery is a specimen: each run's collection time is asked. */
  specimen?: boolean;
}) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          id="repeat-this-delivery"
          type="checkbox"
          className="mt-1 accent-brand-600"
          checked={choice.enabled}
          onChange={(e) => onChange({ ...choice, enabled: e.target.checked })}
          aria-describedby="repeat-this-delivery-hint"
        />
        <span>
          <span className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
            <Repeat aria-hidden="true" className="size-4 text-brand-600" />
            Repeat this delivery
          </span>
          <span id="repeat-this-delivery-hint" className="block text-xs text-slate-500">
            We also book it for you on a schedule, a day ahead of each date.
          </span>
        </span>
      </label>
      {choice.enabled && (
        <div className="mt-4 grid gap-5">
          <ScheduleFields value={choice.schedule} onChange={(schedule) => onChange({ ...choice, schedule })} error={problem ?? undefined} />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="repeat-starts-on" label="Repeats from" hint="Empty: the day after this delivery.">
              <input
                id="repeat-starts-on"
                type="date"
                className={inputClass()}
                value={choice.startsOn}
                onChange={(e) => onChange({ ...choice, startsOn: e.target.value })}
                aria-describedby="repeat-starts-on-hint"
              />
            </Field>
            <Field id="repeat-ends-on" label="Until (optional)">
              <input
                id="repeat-ends-on"
                type="date"
                className={inputClass()}
                value={choice.endsOn}
                onChange={(e) => onChange({ ...choice, endsOn: e.target.value })}
              />
            </Field>
          </div>
          {specimen && (
            <Field
              id="repeat-collection-time"
              label="Specimens collected at (time)"
              hint="Empty: this delivery's collection time, each run."
            >
              <input
                id="repeat-collection-time"
                type="time"
                className={inputClass({ className: 'sm:max-w-56' })}
                value={choice.collectionTime}
                onChange={(e) => onChange({ ...choice, collectionTime: e.target.value })}
                aria-describedby="repeat-collection-time-hint"
              />
            </Field>
          )}
        </div>
      )}
    </div>
  );
}
