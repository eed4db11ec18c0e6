import type { TDevicesResponse, TTemperatureBoundary, TTemperatureRule, TTemperatureRulesResponse } from '@courier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/admin/devices: each logger's last reading, when it was last heard from, the parcels it travels with. */
export const useDevices = () =>
  useQuery({
    queryKey: ['admin', 'devices'],
    queryFn: async ({ signal }) => (await api.get<TDevicesResponse>('/v1/admin/devices', { signal })).data,
    refetchInterval: 30_000,
  });

/** GET /v1/admin/temperature-rules: every class's boundaries (the class's range at once until an administrator sets some). */
export const useTemperatureRules = () =>
  useQuery({
    queryKey: ['admin', 'temperature-rules'],
    queryFn: async ({ signal }) => (await api.get<TTemperatureRulesResponse>('/v1/admin/temperature-rules', { signal })).data,
  });

/** PUT /v1/admin/temperature-rules/{class}: administrators only. */
export function useSaveTemperatureRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      temperatureClass,
      boundaries,
    }: {
      temperatureClass: TTemperatureRule['temperatureClass'];
      boundaries: TTemperatureBoundary[];
    }) => api.put<{ message: string }>(`/v1/admin/temperature-rules/${encodeURIComponent(temperatureClass)}`, { boundaries }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'temperature-rules'] }),
  });
}
