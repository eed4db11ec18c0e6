import type { TTemperatureTrace } from '@courier/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { formatDateTime } from '@/lib/format-date';
import { type TraceSource, useTemperatureTrace } from '../api/get-temperature-trace';
import { traceRange, traceSummary } from './temperature-trace-summary';

const TemperatureTraceChart = lazy(() => import('./temperature-trace-chart'));

/**
 * A parcel's temperature trace as a figure: its title, the trace in one sentence, the chart (readings, boundaries,
 * breaches, gaps) and, on request, the same as a table. Used on the owner's and staff's delivery pages and the
 * receiving lab's page.
 */
export function TemperatureTraceFigure({ trace, title = 'Temperature trace' }: { trace: TTemperatureTrace; title?: string }) {
  const id = useId();
  const [table, setTable] = useState(false);
  const summary = traceSummary(trace);
  const range = traceRange(trace.boundaries);
  return (
    <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="min-w-0">
      <figcaption>
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        <p id={`${id}-summary`} className="mt-1 text-sm text-slate-700" data-testid="trace-summary">
          {summary}
        </p>
      </figcaption>
      {trace.readings.length > 0 && (
        <>
          <div
            className="mt-3 h-56 w-full sm:h-64"
            role="img"
            aria-label={`Temperature readings${range ? ` against ${range}` : ''}: ${summary}`}
          >
            <Suspense fallback={<p className="py-20 text-center text-sm text-slate-500">Loading the chart…</p>}>
              <TemperatureTraceChart trace={trace} />
            </Suspense>
          </div>
          <p className="mt-1 text-xs text-slate-600">
            Dashed lines: the boundaries. Red: beyond a breached boundary. Grey: the logger was silent.
          </p>
          {(trace.breaches.length > 0 || trace.gaps.length > 0) && (
            <ul className="mt-2 space-y-1 text-sm">
              {trace.breaches.map((b) => (
                <li key={`b-${b.deviceId}-${b.at}-${b.words}`} className="font-medium text-red-800">
                  Breach: logger {b.deviceId}
                  {b.piece ? ` in ${b.piece}` : ''}, {b.words}, reached {formatDateTime(b.at)} at {b.celsius} °C
                </li>
              ))}
              {trace.gaps.map((g) => (
                <li key={`g-${g.deviceId}-${g.from}`} className="text-slate-700">
                  Gap: logger {g.deviceId}
                  {g.piece ? ` in ${g.piece}` : ''} silent from {formatDateTime(g.from)}
                  {g.open ? ', still silent' : ` to ${formatDateTime(g.to)}`}
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            aria-expanded={table}
            aria-controls={`${id}-table`}
            onClick={() => setTable((v) => !v)}
            className="mt-2 rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {table ? 'Hide the readings table' : 'Show the readings as a table'}
          </button>
          <div id={`${id}-table`} hidden={!table} className="mt-2 max-h-80 overflow-auto">
            {table && (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{title}: every reading</caption>
                <thead className="text-xs text-slate-500">
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      Time
                    </th>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      °C
                    </th>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      Source
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Range
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {trace.readings.map((r) => (
                    <tr key={`${r.at}-${r.deviceId ?? r.source}`} className={r.inRange ? 'text-slate-800' : 'font-semibold text-red-700'}>
                      <td className="py-0.5 pr-2">{formatDateTime(r.at)}</td>
                      <td className="py-0.5 pr-2">{r.celsius.toFixed(1)}</td>
                      <td className="py-0.5 pr-2">{r.deviceId ? `logger ${r.deviceId}${r.piece ? ` in ${r.piece}` : ''}` : r.source}</td>
                      <td className="py-0.5">{r.inRange ? 'in range' : 'out of range'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
    </figure>
  );
}

/** Reads the trace and shows it; nothing while it loads, a line if it cannot be read. */
export function TemperatureTrace({ source, title }: { source: TraceSource; title?: string }) {
  const { data, isError } = useTemperatureTrace(source);
  if (isError) return <p className="text-sm text-slate-600">The temperature trace could not be loaded.</p>;
  if (!data) return null;
  return <TemperatureTraceFigure trace={data} title={title} />;
}
