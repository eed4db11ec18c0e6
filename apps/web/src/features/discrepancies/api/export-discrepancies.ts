import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { TDiscrepancyFilter } from './get-discrepancies';

/** GET /v1/admin/discrepancies/export.csv: every case the filter matches, as CSV. */
export async function exportDiscrepancies(filter: TDiscrepancyFilter): Promise<void> {
  const { page: _page, ...query } = filter;
  const blob = await api.get<Blob>('/v1/admin/discrepancies/export.csv', {
    query: { ...query },
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  saveFile(blob, `discrepancies-${new Date().toISOString().slice(0, 10)}.csv`);
}

export const useExportDiscrepancies = () => useMutation({ mutationFn: exportDiscrepancies });
