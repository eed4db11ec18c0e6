import { COMPANY, MESSAGES } from '@courier/contract';
import { CircleAlert, PackageSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLoadedModule } from '@/hooks/use-loaded-module';
import { useTracking } from '../api/get-tracking';
import { useTrackingLiveUpdates } from '../api/watch-tracking';
import { TrackingForm } from '../components/tracking-form';
import { cleanTrackingNumber, TRACKING_NUMBER_HINT, trackingErrorMessage } from '../lib/tracking-view';

// The result view (summary, map, history) is not needed to open /tracking: it loads beside the first lookup.
const loadResultView = () => import('../components/tracking-result');

function ErrorNote({ message }: { message: string }) {
  return (
    <div role="alert" className="mt-3 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-medium">{message}</p>
        {/* What a number looks like, so a mistyped one can be checked against the label. */}
        {message === MESSAGES.trackingInvalid && <p className="mt-0.5 text-red-800/90">{TRACKING_NUMBER_HINT}</p>}
      </div>
    </div>
  );
}

function LookingUp({ trackingNumber }: { trackingNumber: string }) {
  return (
    <div className="flex min-h-60 flex-col items-center justify-center gap-3 text-slate-600">
      <Spinner label="Looking up your package" className="[&_svg]:size-8" />
      <p className="text-sm">Looking up {trackingNumber}...</p>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
        <PackageSearch aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Where is my package?</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">
        Your tracking number starts with MC and is on the shipping label and in the confirmation e-mail. Enter it above to see the status,
        the route and every hand-over so far.
      </p>
    </div>
  );
}

/**
 * /tracking and /track/{trackingId}. The number lives in the address: a lookup goes to /track/{number}, so
 * the page can be shared or reloaded, and a second number tracked replaces the first in the address.
 */
export function TrackingPage() {
  const { trackingId } = useParams();
  const navigate = useNavigate();
  const trackingNumber = cleanTrackingNumber(trackingId ?? '');
  const [input, setInput] = useState(trackingId ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const tracking = useTracking(trackingNumber);
  useTrackingLiveUpdates(trackingNumber, tracking.isSuccess);
  const resultView = useLoadedModule(loadResultView, trackingNumber !== '');

  // An id in the path fills the input and runs the lookup; a '#' or spaces copied with it leave the address.
  useEffect(() => {
    if (trackingId === undefined) return;
    setInput(trackingId);
    setFormError(null);
    const clean = cleanTrackingNumber(trackingId);
    if (clean && clean !== trackingId) void navigate(paths.track(clean), { replace: true });
  }, [trackingId, navigate]);

  const track = (number: string) => {
    setFormError(null);
    if (number === trackingNumber) void tracking.refetch();
    else void navigate(paths.track(number));
  };

  const loading = tracking.isFetching && !tracking.data;
  const error = formError ?? (tracking.isError ? trackingErrorMessage(tracking.error) : null);
  const result = !formError && !tracking.isError ? tracking.data : undefined;

  return (
    <>
      <title>{`Track a Package · ${COMPANY.name}`}</title>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Package tracking</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Track a Package</h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            Follow your delivery from pick-up to drop-off: live status, route and full history.
          </p>
          <div className="mt-6 max-w-2xl">
            <TrackingForm
              value={input}
              onChange={(value) => {
                setInput(value);
                if (formError) setFormError(null);
              }}
              onTrack={track}
              onInvalid={setFormError}
              busy={tracking.isFetching}
            />
            {error && <ErrorNote message={error} />}
          </div>
        </div>
      </section>

      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        {result && resultView ? (
          <resultView.TrackingResult result={result} />
        ) : loading || result ? (
          <LookingUp trackingNumber={trackingNumber} />
        ) : (
          <EmptyState />
        )}
      </div>
    </>
  );
}
