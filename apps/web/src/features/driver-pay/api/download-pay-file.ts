import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** The files of driver pay, fetched with the session's token: a statement PDF, the payroll CSV, the NACHA file. */
export const payFilePaths = {
  statement: (id: string) => `/v1/admin/settlements/${encodeURIComponent(id)}/pdf`,
  ownStatement: (id: string) => `/v1/driver/settlements/${encodeURIComponent(id)}/pdf`,
  export: (from: string, to: string, format: 'csv' | 'nacha') =>
    `/v1/admin/settlements/export.csv?${new URLSearchParams({ from, to, format })}`,
};

export async function downloadPayFile({ path, fileName }: { path: string; fileName: string }): Promise<void> {
  saveFile(await api.get<Blob>(path, { responseType: 'blob' }), fileName);
}

export const useDownloadPayFile = () => useMutation({ mutationFn: downloadPayFile });
