import { MESSAGES } from '@courier/contract';
import { PackageSearch, Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { cleanTrackingNumber } from '../lib/tracking-view';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Called with the number without spaces or a leading '#'; an empty one is refused here. */
  onTrack: (trackingNumber: string) => void;
  onInvalid: (message: string) => void;
  busy: boolean;
}

/** The tracking-number input and its Track Package button. */
export function TrackingForm({ value, onChange, onTrack, onInvalid, busy }: Props) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trackingNumber = cleanTrackingNumber(value);
    if (!trackingNumber) onInvalid(MESSAGES.trackingRequired);
    else onTrack(trackingNumber);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor="tracking-number" className="sr-only">
          Tracking number
        </label>
        <PackageSearch
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-400"
        />
        <input
          id="tracking-number"
          name="trackingNumber"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="Enter your tracking number"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="block h-12 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-11 font-medium text-slate-900 shadow-sm placeholder:font-normal placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      <button type="submit" disabled={busy} className={buttonClass({ size: 'lg', className: 'sm:w-auto' })}>
        <Search aria-hidden="true" className="size-5" />
        Track Package
      </button>
    </form>
  );
}
