import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET …/invoices/{id}/pdf (staff under /admin, the owner under /v1/invoices), saved as a file. */
export async function downloadInvoicePdf({ id, name, owner }: { id: string; name: string; owner?: boolean }) {
  const blob = await api.get<Blob>(`${owner ? '/v1/invoices' : '/v1/admin/invoices'}/${encodeURIComponent(id)}/pdf`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf' },
  });
  saveFile(blob, `${name}.pdf`);
}
