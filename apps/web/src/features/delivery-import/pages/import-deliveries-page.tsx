import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY, IMPORT_COLUMNS, type TImportRowError } from '@courier/contract';
import { AlertCircle, CircleCheckBig, Download, FileUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/form-controls';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useImportDeliveries } from '../api/import-deliveries';
import { importTemplate, rowErrorsOf } from '../lib/import-template';
import { useAppConfig } from '@/hooks/use-app-config';

/** The upload is the CSV text itself (the server checks every row): the form only wants a file chosen. */
const ZImportForm = z.object({
  files: z.custom<FileList>((files) => files instanceof FileList && files.length > 0, 'Choose a CSV file'),
});
type TImportForm = z.infer<typeof ZImportForm>;

/** /deliveries/import: book many deliveries from one CSV; all of them or, if any row is wrong, none. */
export function ImportDeliveriesPage() {
  const { register, handleSubmit, formState } = useForm<TImportForm>({ resolver: zodResolver(ZImportForm) });
  const [outcome, setOutcome] = useState<
    { kind: 'created'; count: number } | { kind: 'rejected'; message: string; errors: TImportRowError[] } | null
  >(null);
  const importing = useImportDeliveries();
  // The server's own cap (IMPORT_MAX_ROWS, lower on the embedded database), never a number written here.
  const maxRows = useAppConfig().data?.importMaxRows;
  const templateHref = useMemo(() => `data:text/csv;charset=utf-8,${encodeURIComponent(importTemplate())}`, []);

  const onSubmit = handleSubmit(async ({ files }) => {
    setOutcome(null);
    try {
      const result = await importing.mutateAsync(await files[0].text());
      setOutcome({ kind: 'created', count: result.created });
    } catch (error) {
      const errors = isApiError(error) ? rowErrorsOf(error.data) : [];
      const message =
        isApiError(error) && error.status === 422
          ? `Nothing was imported: ${errors.length} problem${errors.length === 1 ? '' : 's'} to fix. Correct the file and import it again.`
          : errorMessage(error, 'The file could not be imported');
      setOutcome({ kind: 'rejected', message, errors });
    }
  });

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Import deliveries · ${COMPANY.name}`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Import deliveries</h1>
      <p className="mt-1 text-sm text-slate-600">
        {maxRows
          ? `Book up to ${maxRows.toLocaleString('en-US')} deliveries from one CSV file.`
          : 'Book many deliveries from one CSV file.'}{' '}
        Every row is checked like the request form; if any row is wrong, nothing is booked and each problem is listed below.
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <Field
            id="import-file"
            label="CSV file"
            hint="The first line names the columns. Required-by times are read on the business clock."
            error={formState.errors.files?.message}
          >
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
              {...register('files', { onChange: () => setOutcome(null) })}
            />
          </Field>
          <button type="submit" className={buttonClass()} disabled={importing.isPending}>
            <FileUp aria-hidden="true" className="mr-2 size-4" />
            {importing.isPending ? 'Importing...' : 'Import deliveries'}
          </button>
        </form>

        <aside className="rounded-2xl border border-slate-200 bg-slate-50/60 p-4 text-sm text-slate-700">
          <h2 className="font-semibold text-slate-900">The template</h2>
          <p className="mt-1">Columns, named as in our API:</p>
          <p className="mt-2 font-mono text-xs break-words text-slate-600">{IMPORT_COLUMNS.join(', ')}</p>
          <p className="mt-2 text-xs text-slate-600">
            The handling columns may be left out or empty: priority (routine or stat), temperature (ambient, controlled_room, refrigerated
            or frozen), controlledSubstance (yes or no, medication only) and, for a specimen, specimenCategory (UN3373 or exempt),
            specimenCollectedAt and specimenStableForHours.
          </p>
          <a href={templateHref} download="deliveries-template.csv" className={buttonClass({ variant: 'secondary', className: 'mt-3' })}>
            <Download aria-hidden="true" className="mr-2 size-4" />
            Download template
          </a>
        </aside>
      </div>

      {outcome?.kind === 'created' && (
        <div
          role="status"
          className="mt-6 flex items-start gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200 ring-inset"
        >
          <CircleCheckBig aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            {outcome.count} deliveries created.{' '}
            <Link to={paths.deliveries} className="font-medium underline">
              See them in My Deliveries
            </Link>
          </p>
        </div>
      )}
      {outcome?.kind === 'rejected' && (
        <div className="mt-6">
          <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {outcome.message}
          </p>
          {outcome.errors.length > 0 && (
            <div className="stacked-table mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full min-w-[520px] divide-y divide-slate-200 text-sm">
                <caption className="sr-only">Problems in the file</caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className="px-4 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                      Line
                    </th>
                    <th scope="col" className="px-4 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                      Field
                    </th>
                    <th scope="col" className="px-4 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                      Problem
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {outcome.errors.map((e) => (
                    <tr key={`${e.line}-${e.field}-${e.message}`}>
                      <td data-label="Line" className="px-4 py-2 font-mono text-slate-900">
                        {e.line}
                      </td>
                      <td data-label="Field" className="px-4 py-2 font-mono text-slate-700">
                        {e.field}
                      </td>
                      <td data-label="Problem" className="px-4 py-2 text-slate-700">
                        {e.message}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
