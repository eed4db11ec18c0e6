import { MESSAGES } from '@courier/contract';
import clsx from 'clsx';
import { Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import type { TNotificationPreferences } from '../api/get-current-user';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

const OPTIONS: ReadonlyArray<{ key: keyof TNotificationPreferences; label: string; description: string }> = [
  { key: 'emailUpdates', label: 'Email updates', description: 'Delivery status changes, sent to your e-mail address.' },
  { key: 'smsUpdates', label: 'SMS updates', description: 'Text messages to your phone when a parcel moves.' },
  { key: 'marketingEmails', label: 'Marketing emails', description: 'News about our services, now and then.' },
];

const DEFAULTS: TNotificationPreferences = { emailUpdates: true, smsUpdates: false, marketingEmails: false };

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

/** Three switches (e-mail, SMS, marketing) saved together. */
export function NotificationPreferencesForm({ preferences }: { preferences: TNotificationPreferences | undefined }) {
  const saved = preferences ?? DEFAULTS;
  const [values, setValues] = useState<TNotificationPreferences>(saved);
  const [touched, setTouched] = useState(false);
  const update = useUpdateNotificationPreferences();
  const baseId = useId();

  useEffect(() => {
    if (!touched && preferences) setValues(preferences);
  }, [preferences, touched]);

  const changed = OPTIONS.some(({ key }) => values[key] !== saved[key]);

  const onSave = async () => {
    try {
      const response = await update.mutateAsync(values);
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
          <li key={key} className="flex items-center justify-between gap-6 py-4 first:pt-0">
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
