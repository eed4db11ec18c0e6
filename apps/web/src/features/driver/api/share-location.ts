import type { TDriverLocationRequest, TDriverLocationResponse } from '@courier/contract';
import { api } from '@/lib/api-client';

/** POST /v1/driver/location {lat, lng}: where the driver (and the parcels on board) are now. */
export const shareLocation = (body: TDriverLocationRequest) => api.post<TDriverLocationResponse>('/v1/driver/location', body);
