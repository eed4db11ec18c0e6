import type { TQuoteRequest, TQuoteResponse } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/deliveries/quote: each delivery type's estimate for the form as it stands, and whether it meets required-by. */
export const getDeliveryQuote = (input: TQuoteRequest, signal?: AbortSignal): Promise<TQuoteResponse> =>
  api.post<TQuoteResponse>('/v1/deliveries/quote', input, { signal });

/** The form's datetime-local value as an instant (the browser's zone), or undefined while empty or unreadable. */
export function requiredByInstant(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** What else the price reads of the form as it stands (each optional: the price comes once both addresses are in). */
export type TQuotePriceInputs = Pick<
  TQuoteRequest,
  'pickupAddress' | 'deliveryAddress' | 'packageType' | 'packageSize' | 'temperature' | 'controlledSubstance'
>;

/** The estimates and prices shown on the delivery-type choice: asked again every minute so a cut-off passing shows at once. */
export const deliveryQuoteQueryOptions = (requiredBy: string | undefined, priority?: 'routine' | 'stat', inputs: TQuotePriceInputs = {}) =>
  queryOptions({
    queryKey: ['deliveries', 'quote', requiredBy ?? null, priority ?? 'routine', inputs],
    // A STAT's estimates are its own promise where that comes first.
    queryFn: ({ signal }) =>
      getDeliveryQuote(
        { ...(requiredBy ? { requiredBy } : {}), ...(priority === 'stat' ? { priority } : {}), ...withoutEmpty(inputs) },
        signal,
      ),
    staleTime: 30_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

const withoutEmpty = (inputs: TQuotePriceInputs): TQuotePriceInputs =>
  Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== '' && v !== undefined)) as TQuotePriceInputs;

export function useDeliveryQuote(
  requiredBy: string | undefined,
  enabled: boolean,
  priority?: 'routine' | 'stat',
  inputs: TQuotePriceInputs = {},
) {
  return useQuery({ ...deliveryQuoteQueryOptions(requiredBy, priority, inputs), enabled });
}
