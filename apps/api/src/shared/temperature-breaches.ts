import { isTemperatureControlled, TEMPERATURE_RANGES, type TTemperatureBoundary } from '@courier/contract';

export interface TracePoint {
  at: Date;
  celsius: number;
}

export interface Breach {
  boundary: TTemperatureBoundary;
  /** When the cumulative time beyond the limit reached the boundary's minutes (the first reading beyond, for 0). */
  at: Date;
  celsius: number;
}

/** Without an administrator's boundaries a class is held on the first reading outside its range, as a probe reading is. */
export function defaultBoundaries(temperatureClass: string): TTemperatureBoundary[] {
  if (!isTemperatureControlled(temperatureClass)) return [];
  const range = TEMPERATURE_RANGES[temperatureClass];
  return [
    { above: range.max, minutes: 0, severity: 'critical' },
    { below: range.min, minutes: 0, severity: 'critical' },
  ];
}

export const beyond = (b: TTemperatureBoundary, celsius: number) =>
  (b.above !== undefined && celsius > b.above) || (b.below !== undefined && celsius < b.below);

/**
 * The first breach of each boundary over a logger's trace. A reading stands for the time until the next one (never
 * more than `maxStepMs`, so a silence is not counted as minutes beyond): a boundary with minutes is breached once
 * those stretches beyond its limit add up to its minutes, one with 0 at the first reading beyond.
 */
/** A reading stands for at most this long in a boundary's minutes: a silence is a gap, not time beyond. */
export const MAX_STEP_MS = 15 * 60_000;

export function findBreaches(points: readonly TracePoint[], boundaries: readonly TTemperatureBoundary[], maxStepMs: number): Breach[] {
  const trace = [...points].sort((a, b) => a.at.getTime() - b.at.getTime());
  const breaches: Breach[] = [];
  for (const boundary of boundaries) {
    const limitMs = boundary.minutes * 60_000;
    let beyondMs = 0;
    for (let i = 0; i < trace.length; i++) {
      const p = trace[i];
      if (!beyond(boundary, p.celsius)) continue;
      if (limitMs === 0) {
        breaches.push({ boundary, at: p.at, celsius: p.celsius });
        break;
      }
      const next = trace[i + 1];
      if (!next) break;
      const step = Math.min(next.at.getTime() - p.at.getTime(), maxStepMs);
      if (beyondMs + step >= limitMs) {
        breaches.push({ boundary, at: new Date(p.at.getTime() + (limitMs - beyondMs)), celsius: p.celsius });
        break;
      }
      beyondMs += step;
    }
  }
  return breaches.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * The time a trace spent beyond a boundary, first to last: from the first reading beyond to the end of the last
 * one's step (the next reading, at most `maxStepMs` on), for shading the chart. Null when no reading is beyond.
 */
export function spanBeyond(
  points: readonly TracePoint[],
  boundary: TTemperatureBoundary,
  maxStepMs: number,
): { from: Date; to: Date } | null {
  const trace = [...points].sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = trace.findIndex((p) => beyond(boundary, p.celsius));
  if (first < 0) return null;
  let last = first;
  for (let i = first; i < trace.length; i++) if (beyond(boundary, trace[i].celsius)) last = i;
  const next = trace[last + 1];
  const end = next ? Math.min(next.at.getTime(), trace[last].at.getTime() + maxStepMs) : trace[last].at.getTime();
  return { from: trace[first].at, to: new Date(end) };
}

/** The logger's interval: the median step between its readings (null with fewer than two). */
export function loggingIntervalMs(points: readonly TracePoint[]): number | null {
  const times = points.map((p) => p.at.getTime()).sort((a, b) => a - b);
  const steps = times
    .slice(1)
    .map((t, i) => t - times[i])
    .filter((s) => s > 0)
    .sort((a, b) => a - b);
  return steps.length ? steps[Math.floor(steps.length / 2)] : null;
}

/** Silences longer than three logging intervals between readings (and, while on board, since the last one). */
export function findGaps(points: readonly TracePoint[], until: Date | null): { from: Date; to: Date }[] {
  const interval = loggingIntervalMs(points);
  if (!interval) return [];
  const times = points.map((p) => p.at.getTime()).sort((a, b) => a - b);
  const gaps: { from: Date; to: Date }[] = [];
  for (let i = 1; i < times.length; i++) {
    if (times[i] - times[i - 1] > 3 * interval) gaps.push({ from: new Date(times[i - 1]), to: new Date(times[i]) });
  }
  const last = times[times.length - 1];
  if (until && until.getTime() - last > 3 * interval) gaps.push({ from: new Date(last), to: until });
  return gaps;
}

const fmt = (c: number) => `${Math.round(c * 10) / 10} °C`;

/** The boundary in words, for the hold's custody note. */
export function boundaryWords(b: TTemperatureBoundary): string {
  const side = b.above !== undefined ? `above ${fmt(b.above)}` : `below ${fmt(b.below as number)}`;
  return b.minutes === 0 ? `${side} at all` : `${side} for ${b.minutes} cumulative minutes`;
}
