import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { TAuditFilter } from './get-audit-log';

/** GET /v1/admin/audit/export.csv: every entry the filter matches, as CSV (the export is itself audited). */
export async function exportAuditLog(filter: TAuditFilter): Promise<void> {
  const { page: _page, ...query } = filter;
  const blob = await api.get<Blob>('/v1/admin/audit/export.csv', {
    query: { ...query },
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  saveFile(blob, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
}

export const useExportAuditLog = () => useMutation({ mutationFn: exportAuditLog });
