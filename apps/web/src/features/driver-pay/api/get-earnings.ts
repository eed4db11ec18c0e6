import type { TEarningsResponse } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** GET /v1/driver/earnings?from&to: the signed-in driver's own items, totals and statements. */
export const getEarnings = (from: string, to: string, signal?: AbortSignal) =>
  api.get<TEarningsResponse>('/v1/driver/earnings', { query: { from, to }, signal });

export const useEarnings = (from: string, to: string) =>
  useQuery({ queryKey: payKeys.earnings(from, to), queryFn: ({ signal }) => getEarnings(from, to, signal) });
