import type { TGeoSuggestion } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const MIN_SUGGESTION_QUERY = 2;

/** GET /v1/geo/autocomplete?q=: address suggestions from the server's geocoder. */
export async function getAddressSuggestions(q: string, signal?: AbortSignal): Promise<TGeoSuggestion[]> {
  const body = await api.get<{ data?: TGeoSuggestion[] }>('/v1/geo/autocomplete', { query: { q }, signal });
  return Array.isArray(body?.data) ? body.data : [];
}

export const addressSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['geo', 'autocomplete', q],
    queryFn: ({ signal }) => getAddressSuggestions(q, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Suggestions for an already debounced text; nothing is asked below two characters. */
export function useAddressSuggestions(q: string) {
  const text = q.trim();
  return useQuery({ ...addressSuggestionsQueryOptions(text), enabled: text.length >= MIN_SUGGESTION_QUERY });
}
