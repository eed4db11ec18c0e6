import type { TTemperatureTrace } from '@courier/contract';
import { formatTime } from '@/lib/format-date';

const deg = (c: number) => (Math.round(c * 10) / 10).toString();
const minutesBetween = (from: string, to: string) => Math.max(1, Math.round((Date.parse(to) - Date.parse(from)) / 60_000));
const side = (b: TTemperatureTrace['breaches'][number]['boundary']) =>
  b.above !== undefined ? `above ${deg(b.above)} °C` : `below ${deg(b.below as number)} °C`;

/**
 * The trace in one sentence, for the figure's caption and for screen readers:
 * "12 readings, 2.1–9.4 °C; above 8 °C for 34 min from 10:05 AM; logger LOG-1 silent for 25 min from 11:10 AM".
 */
export function traceSummary(trace: Pick<TTemperatureTrace, 'readings' | 'breaches' | 'gaps'>): string {
  const n = trace.readings.length;
  if (n === 0) return 'No temperature readings yet.';
  const cs = trace.readings.map((r) => r.celsius);
  const lo = Math.min(...cs);
  const hi = Math.max(...cs);
  const parts = [`${n} reading${n === 1 ? '' : 's'}, ${lo === hi ? deg(lo) : `${deg(lo)}–${deg(hi)}`} °C`];
  for (const b of trace.breaches) parts.push(`${side(b.boundary)} for ${minutesBetween(b.from, b.to)} min from ${formatTime(b.from)}`);
  for (const g of trace.gaps)
    parts.push(
      g.open
        ? `logger ${g.deviceId} silent since ${formatTime(g.from)}`
        : `logger ${g.deviceId} silent for ${minutesBetween(g.from, g.to)} min from ${formatTime(g.from)}`,
    );
  if (trace.breaches.length === 0) parts.push('no boundary breached');
  return `${parts.join('; ')}.`;
}

/** The range the boundaries keep a parcel in ("2 to 8 °C", "up to 25 °C"); null when nothing bounds it (ambient). */
export function traceRange(boundaries: TTemperatureTrace['boundaries']): string | null {
  const aboves = boundaries.flatMap((b) => (b.above === undefined ? [] : [b.above]));
  const belows = boundaries.flatMap((b) => (b.below === undefined ? [] : [b.below]));
  const hi = aboves.length ? Math.min(...aboves) : null;
  const lo = belows.length ? Math.max(...belows) : null;
  if (lo !== null && hi !== null) return `${deg(lo)} to ${deg(hi)} °C`;
  if (hi !== null) return `up to ${deg(hi)} °C`;
  return lo === null ? null : `from ${deg(lo)} °C`;
}
