import { PackageCheck, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useNow } from '@/lib/required-by';
import { displayName, useSession } from '@/lib/session';
import { JobCard } from '../components/job-card';
import { LocationSwitch } from '../components/location-switch';
import { NextActionButton } from '../components/next-action-button';
import { isDueToday, nextAction } from '../lib/next-action';
import { useOrderedJobViews } from '../lib/use-job';

/** /driver/home: today's jobs in route order, the next one's big button on top, the location switch. */
export function DriverHomePage() {
  const { user } = useSession();
  const { views, ordered, isPending, isError, error } = useOrderedJobViews();
  const next = ordered.find((v) => nextAction(v.status));
  const now = useNow();
  const openJobs = ordered.filter((v) => nextAction(v.status));
  // "Today" counts today's jobs; one due on a later day is named apart.
  const open = openJobs.filter((v) => isDueToday(v.job, now)).length;
  const later = openJobs.length - open;

  return (
    <section className="mx-auto w-full max-w-xl px-4 pt-4 pb-28">
      <title>My jobs · MedCourier</title>
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Hi {user?.firstName ?? displayName(user)}</h1>
        <Link
          to={paths.driverEarnings}
          className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50"
        >
          <Wallet aria-hidden="true" className="size-4" />
          Earnings
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        {isPending
          ? 'Loading your run…'
          : isError && views.length === 0
            ? ''
            : `${open === 0 ? 'No job waiting today.' : `${open} ${open === 1 ? 'job' : 'jobs'} to do today.`}${later ? ` ${later} due on a later day.` : ''}`}
      </p>

      <div className="mt-4">
        <LocationSwitch />
      </div>

      {isPending ? (
        <PageSpinner />
      ) : isError && views.length === 0 ? (
        <p className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-800">{errorMessage(error, 'Could not load your jobs.')}</p>
      ) : views.length === 0 ? (
        <div className="mt-10 flex flex-col items-center text-center text-slate-500">
          <PackageCheck aria-hidden="true" className="size-12 text-slate-300" />
          <p className="mt-2">Dispatch has not given you a job yet.</p>
        </div>
      ) : (
        <>
          <h2 className="mt-6 mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">Today's run</h2>
          <ol className="space-y-3" aria-label="Today's jobs">
            {ordered.map((v) => (
              <JobCard key={v.job._id} job={v.job} stop={v.stop} status={v.status} waiting={v.waiting} next={v === next} />
            ))}
          </ol>
        </>
      )}

      {next && (
        // Thumb reach: the next move sits at the bottom of the screen.
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur">
          <div className="mx-auto max-w-xl">
            <p className="mb-2 truncate text-xs font-medium text-slate-500">
              Next: job {next.stop} · #{next.job.orderId}
            </p>
            <NextActionButton view={next} />
          </div>
        </div>
      )}
    </section>
  );
}
