import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The custody report PDF path (GET, signed in as staff). */
export const custodyReportPath = (id: string) => `/v1/admin/deliveries/${encodeURIComponent(id)}/custody/report`;

/** Fetches the PDF with the staff token (a plain link would carry none) and hands it to the browser. */
export async function downloadCustodyReport({ id, orderId }: { id: string; orderId: string }): Promise<void> {
  const blob = await api.get<Blob>(custodyReportPath(id), { responseType: 'blob', headers: { Accept: 'application/pdf' } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `custody-${orderId}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadCustodyReport() {
  return useMutation({ mutationFn: downloadCustodyReport });
}
