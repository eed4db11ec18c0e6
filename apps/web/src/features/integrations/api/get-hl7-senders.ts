import type { THl7SendersResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const hl7SendersKey = ['hl7-senders'] as const;

/** The account's HL7 senders and where the MLLP listener is (null when it is off). */
export async function getHl7Senders(signal?: AbortSignal): Promise<Pick<THl7SendersResponse, 'data' | 'listener'>> {
  const body = await api.get<THl7SendersResponse>('/v1/integrations/hl7-senders', { signal });
  return { data: body.data, listener: body.listener };
}

export const hl7SendersQueryOptions = () => queryOptions({ queryKey: hl7SendersKey, queryFn: ({ signal }) => getHl7Senders(signal) });

export const useHl7Senders = () => useQuery(hl7SendersQueryOptions());
