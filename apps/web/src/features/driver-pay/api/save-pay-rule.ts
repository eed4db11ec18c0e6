import type { TPayRuleRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** PUT /v1/admin/drivers/{id}/pay-rule (ADMIN and above): the next version. */
export const savePayRule = ({ driverId, rule }: { driverId: string; rule: TPayRuleRequest }) =>
  api.put(`/v1/admin/drivers/${encodeURIComponent(driverId)}/pay-rule`, rule);

export function useSavePayRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePayRule, onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }) });
}
