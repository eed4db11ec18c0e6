import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /v1/admin/discrepancies/{id}/loss-report.pdf with the staff token, handed to the browser. */
export async function downloadLossReport({ id, name }: { id: string; name: string }): Promise<void> {
  const blob = await api.get<Blob>(`/v1/admin/discrepancies/${encodeURIComponent(id)}/loss-report.pdf`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf' },
  });
  saveFile(blob, `loss-report-${name}.pdf`);
}

export const useDownloadLossReport = () => useMutation({ mutationFn: downloadLossReport });
