import type { TSettlementRunResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** POST /v1/admin/settlements/run (ADMIN and above): one draft per driver; again makes nothing twice. */
export const runSettlements = (period: { from: string; to: string }) =>
  api.post<TSettlementRunResponse>('/v1/admin/settlements/run', period);

export function useRunSettlements() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runSettlements, onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }) });
}
