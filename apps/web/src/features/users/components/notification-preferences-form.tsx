import { DEFAULT_EMAIL_NOTICE_EVENTS, EMAIL_NOTICE_EVENTS, EMAIL_NOTICE_LABELS, MESSAGES, type TEmailNoticeEvent } from '@courier/contract';
import clsx from 'clsx';
import { Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import type { TNotificationPreferences } from '../api/get-current-user';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

type TSwitchKey = 'emailUpdates' | 'smsUpdates' | 'marketingEmails';

const OPTIONS: ReadonlyArray<{ key: TSwitchKey; label: string; description: string }> = [
  { key: 'emailUpdates', label: 'Email updates', description: 'Delivery status changes, sent to your e-mail address.' },
  { key: 'smsUpdates', label: 'SMS updates', description: 'Text messages to your phone when a parcel moves.' },
  { key: 'marketingEmails', label: 'Marketing emails', description: 'News about our services, now and then.' },
];

const DEFAULTS: TNotificationPreferences = { emailUpdates: true, smsUpdates: false, marketingEmails: false };

const eventsOf = (p: TNotificationPreferences): readonly TEmailNoticeEvent[] => p.emailEvents ?? DEFAULT_EMAIL_NOTICE_EVENTS;
const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((e) => b.includes(e));

/** Under "Email updates": which moves send an e-mail (the booking's confirmation always does). */
function EmailEventChoices({
  chosen,
  onChange,
  disabled,
}: {
  chosen: readonly TEmailNoticeEvent[];
  onChange: (events: TEmailNoticeEvent[]) => void;
  disabled: boolean;
}) {
  const baseId = useId();
  return (
    <fieldset disabled={disabled} className="pb-4 disabled:opacity-60">
      <legend className="text-sm text-slate-600">E-mail me when a delivery is:</legend>
      <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-3">
        {EMAIL_NOTICE_EVENTS.map((event) => (
          <div key={event} className="flex items-center gap-2">
            <input
              id={`${baseId}-${event}`}
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={chosen.includes(event)}
              onChange={(e) => onChange(EMAIL_NOTICE_EVENTS.filter((x) => (x === event ? e.target.checked : chosen.includes(x))))}
            />
            <label htmlFor={`${baseId}-${event}`} className="text-sm text-slate-800">
              {EMAIL_NOTICE_LABELS[event]}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function Switch({
  checked,
  onChange,
  labelledBy,
  describedBy,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  labelledBy: string;
  describedBy: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClick={() => onChange(!checked)}
      className={clsx(
        'relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        checked ? 'bg-brand-600' : 'bg-slate-200',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow-sm ring-1 ring-slate-900/5 transition-transform',
          checked && 'translate-x-5',
        )}
      />
    </button>
  );
}

/** Three switches (e-mail, SMS, marketing) and the moves that send an e-mail, saved together. */
export function NotificationPreferencesForm({ preferences }: { preferences: TNotificationPreferences | undefined }) {
  const saved = preferences ?? DEFAULTS;
  const [values, setValues] = useState<TNotificationPreferences>(saved);
  const [touched, setTouched] = useState(false);
  const update = useUpdateNotificationPreferences();
  const baseId = useId();

  useEffect(() => {
    if (!touched && preferences) setValues(preferences);
  }, [preferences, touched]);

  const changed = OPTIONS.some(({ key }) => values[key] !== saved[key]) || !sameEvents(eventsOf(values), eventsOf(saved));

  const onSave = async () => {
    try {
      const response = await update.mutateAsync({ ...values, emailEvents: [...eventsOf(values)] });
      setValues(response?.data ?? values);
      setTouched(false);
      toast.success(MESSAGES.preferencesUpdated);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.preferencesFailed));
    }
  };

  return (
    <div>
      <ul className="divide-y divide-slate-100">
        {OPTIONS.map(({ key, label, description }) => (
          <li key={key} className="py-4 first:pt-0">
            <div className="flex items-center justify-between gap-6">
              <div className="min-w-0">
                <p id={`${baseId}-${key}-label`} className="text-sm font-medium text-slate-900">
                  {label}
                </p>
                <p id={`${baseId}-${key}-description`} className="mt-0.5 text-sm text-slate-500">
                  {description}
                </p>
              </div>
              <Switch
                checked={values[key]}
                labelledBy={`${baseId}-${key}-label`}
                describedBy={`${baseId}-${key}-description`}
                onChange={(value) => {
                  setTouched(true);
                  setValues((current) => ({ ...current, [key]: value }));
                }}
              />
            </div>
            {key === 'emailUpdates' && (
              <div className="mt-3">
                <EmailEventChoices
                  chosen={eventsOf(values)}
                  disabled={!values.emailUpdates}
                  onChange={(emailEvents) => {
                    setTouched(true);
                    setValues((current) => ({ ...current, emailEvents }));
                  }}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="flex justify-end border-t border-slate-100 pt-5">
        <button type="button" onClick={onSave} disabled={!changed || update.isPending} className={buttonClass()}>
          {update.isPending ? (
            <Spinner className="text-white [&_svg]:size-4" label="Saving" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          Save preferences
        </button>
      </div>
    </div>
  );
}
