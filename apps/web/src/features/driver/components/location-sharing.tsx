import { ACTIVE_STATUSES } from '@courier/contract';
import { LocateFixed } from 'lucide-react';
import { createContext, type ReactNode, useContext, useId } from 'react';
import { buttonClass } from '@/components/ui/button';
import { useJobViews } from '../lib/use-job';
import { type TShareChoice, type TShareState, useShareLocation, useShareLocationChoice } from '../lib/use-share-location';

interface TLocationSharing {
  choice: TShareChoice;
  setChoice: (on: boolean) => void;
  state: TShareState;
  active: boolean;
}

const LocationSharingContext = createContext<TLocationSharing | null>(null);

/** Around every driver screen: the position goes out while a job is open, whichever screen shows. */
export function LocationSharingProvider({ children }: { children: ReactNode }) {
  const { views } = useJobViews();
  const active = views.some((v) => ACTIVE_STATUSES.includes(v.status));
  const [choice, setChoice] = useShareLocationChoice();
  const state = useShareLocation(choice === true, active);
  return <LocationSharingContext value={{ choice, setChoice, state, active }}>{children}</LocationSharingContext>;
}

export function useLocationSharing(): TLocationSharing {
  const value = useContext(LocationSharingContext);
  if (!value) throw new Error('useLocationSharing needs LocationSharingProvider');
  return value;
}

/**
 * Asked once, at the first open job; the answer is kept on the phone and changed with the switch on My jobs.
 * An inline card at the top of the page: it scrolls away with the page, never floating over the signature pad.
 */
export function ShareLocationPrompt() {
  const { choice, setChoice, active } = useLocationSharing();
  const titleId = useId();
  if (choice !== null || !active) return null;
  return (
    <div className="mx-auto w-full max-w-xl px-4 pt-3">
      <section aria-labelledby={titleId} className="rounded-2xl border border-brand-100 bg-brand-50 p-4 shadow-sm">
        <div className="flex items-start gap-3">
          <LocateFixed aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-sm font-semibold text-slate-900">
              Share your location during jobs?
            </h2>
            <p className="text-xs text-slate-600">Dispatch and customers see where their parcel is. We ask once; change it on My jobs.</p>
          </div>
        </div>
        <div className="mt-3 flex justify-end gap-2">
          <button type="button" className={buttonClass({ variant: 'ghost' })} onClick={() => setChoice(false)}>
            Not now
          </button>
          <button type="button" className={buttonClass()} onClick={() => setChoice(true)}>
            Share
          </button>
        </div>
      </section>
    </div>
  );
}
