import type { TDriverShiftRequest, TManagedUserResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managedUsersKeys } from './get-managed-users';

/** PATCH /v1/admin/users/{id}/shift {shift?, vehicleCapacity?}: a driver's working hours and vehicle capacity. */
export const updateDriverShift = ({ id, ...body }: TDriverShiftRequest & { id: string }) =>
  api.patch<TManagedUserResponse>(`/v1/admin/users/${encodeURIComponent(id)}/shift`, body);

export function useUpdateDriverShift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDriverShift, onSettled: () => queryClient.invalidateQueries({ queryKey: managedUsersKeys.all }) });
}
