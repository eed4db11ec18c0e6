import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { reportPath, type TReportFilter, type TReportScope } from './get-delivery-report';

/** The same report as CSV (…/deliveries/export.csv), saved as a file. */
export async function exportDeliveryReport({ scope, filter }: { scope: TReportScope; filter: TReportFilter }): Promise<void> {
  const blob = await api.get<Blob>(`${reportPath(scope)}/export.csv`, {
    query: { ...filter },
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  saveFile(blob, `deliveries-by-${filter.groupBy}-${filter.from ?? 'last-30-days'}-to-${filter.to ?? 'today'}.csv`);
}

export function useExportDeliveryReport() {
  return useMutation({ mutationFn: exportDeliveryReport });
}
