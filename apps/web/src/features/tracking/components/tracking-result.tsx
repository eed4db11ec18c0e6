import type { TTrackingResult } from '@courier/contract';
import { StatusTimeline } from './status-timeline';
import { TrackingMap } from './tracking-map';
import { TrackingSummary } from './tracking-summary';

/** A found parcel: its summary, the map and the status history. */
export function TrackingResult({ result }: { result: TTrackingResult }) {
  return (
    <div className="space-y-6">
      <TrackingSummary result={result} />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <TrackingMap result={result} className="min-w-0 lg:col-span-3" />
        <StatusTimeline events={result.timeline} className="lg:col-span-2" />
      </div>
    </div>
  );
}
