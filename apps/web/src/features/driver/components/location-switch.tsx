import clsx from 'clsx';
import { LocateFixed } from 'lucide-react';
import { useId } from 'react';
import { formatTime } from '@/lib/format-date';
import { useLocationSharing } from './location-sharing';

/** The share-location switch: on, the phone posts its position every 30 s while a job is open, from every driver screen. */
export function LocationSwitch() {
  const { choice, setChoice: setOn, state } = useLocationSharing();
  const on = choice === true;
  const labelId = useId();
  const status =
    state.kind === 'shared'
      ? `Shared ${formatTime(state.at)}${state.label ? ` · ${state.label}` : ''}`
      : state.kind === 'error'
        ? state.text
        : state.kind === 'idle'
          ? 'Starts with your next active job.'
          : 'Dispatch and customers see where their parcel is.';
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <LocateFixed aria-hidden="true" className={clsx('size-6 shrink-0', on ? 'text-brand-600' : 'text-slate-400')} />
      <div className="min-w-0 flex-1">
        <p id={labelId} className="font-semibold text-slate-900">
          Share my location
        </p>
        <p className={clsx('text-sm', state.kind === 'error' ? 'text-red-700' : 'text-slate-500')}>{status}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        onClick={() => setOn(!on)}
        className={clsx(
          'relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          on ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <span
          className={clsx('inline-block size-6 rounded-full bg-white shadow transition-transform', on ? 'translate-x-7' : 'translate-x-1')}
        />
      </button>
    </div>
  );
}
