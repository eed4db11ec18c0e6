import type { TRateCardBody, TRateCardPatch, TRateCardResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rateCardsKeys } from './get-rate-cards';

/** POST /v1/admin/rate-cards (a new card) or PATCH /v1/admin/rate-cards/{id} (the next version once one priced a job). */
export const saveRateCard = ({ id, card }: { id?: string; card: TRateCardBody | TRateCardPatch }) =>
  id
    ? api.patch<TRateCardResponse>(`/v1/admin/rate-cards/${encodeURIComponent(id)}`, card)
    : api.post<TRateCardResponse>('/v1/admin/rate-cards', card);

export function useSaveRateCard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveRateCard, onSettled: () => queryClient.invalidateQueries({ queryKey: rateCardsKeys.all }) });
}
