import type { TTrackingResponse, TTrackingResult } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The contract's answer, or a refusal in the API's { success: false, message } shape. */
type TTrackingAnswer = TTrackingResponse | { success: false; message?: string; data?: undefined };

/** Thrown when the server answers without success ('Invalid tracking number'). */
export class TrackingNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrackingNotFoundError';
  }
}

/** GET /v1/deliveries/track/{trackingNumber}, with the browser's offset so the server can shape its times. */
export async function getTracking(trackingNumber: string, signal?: AbortSignal): Promise<TTrackingResult> {
  const body = await api.get<TTrackingAnswer>(`/v1/deliveries/track/${encodeURIComponent(trackingNumber)}`, {
    headers: { 'X-Timezone-Offset': String(new Date().getTimezoneOffset()) },
    signal,
  });
  if (!body?.success || !body.data) throw new TrackingNotFoundError((body && 'message' in body ? body.message : undefined) ?? '');
  return body.data;
}

export const trackingQueryOptions = (trackingNumber: string) =>
  queryOptions({
    queryKey: ['tracking', trackingNumber],
    queryFn: ({ signal }) => getTracking(trackingNumber, signal),
    // A parcel moves: a new lookup of the same number asks again.
    staleTime: 0,
    enabled: trackingNumber.length > 0,
  });

/** The lookup of one tracking number; idle while the number is empty. */
export function useTracking(trackingNumber: string) {
  return useQuery(trackingQueryOptions(trackingNumber));
}
