import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { TAdminDeliveriesFilter } from './get-admin-deliveries';

/** GET /v1/admin/deliveries/export.csv: every row the filter matches, as CSV (the server audits it). */
export async function exportAdminDeliveries(filter: TAdminDeliveriesFilter): Promise<void> {
  const { page: _page, limit: _limit, ...query } = filter;
  const blob = await api.get<Blob>('/v1/admin/deliveries/export.csv', {
    query: { ...query },
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  saveFile(blob, `deliveries-${new Date().toISOString().slice(0, 10)}.csv`);
}

export function useExportAdminDeliveries() {
  return useMutation({ mutationFn: exportAdminDeliveries });
}
