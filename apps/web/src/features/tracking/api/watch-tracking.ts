import { useLiveUpdates } from '@/hooks/use-live-updates';
import { trackingQueryOptions } from './get-tracking';

/** GET /v1/deliveries/track/{trackingNumber}/events: the shown parcel refreshes the moment it moves. */
export function useTrackingLiveUpdates(trackingNumber: string, found: boolean) {
  const path = found && trackingNumber ? `/v1/deliveries/track/${encodeURIComponent(trackingNumber)}/events` : null;
  useLiveUpdates(path, [trackingQueryOptions(trackingNumber).queryKey]);
}
