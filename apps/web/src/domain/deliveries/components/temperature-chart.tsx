import { TEMPERATURE_RANGES, type TTemperatureClass, type TTemperatureReading, isTemperatureControlled } from '@courier/contract';
import { formatTime } from '@/lib/format-date';

/**
 * Readings against the class's accepted range, as a small SVG chart (a band for the range, a line through
 * the readings, red dots out of range). Plain SVG: a handful of points needs no chart library; the table
 * beside it carries the same numbers for screen readers.
 */
export function TemperatureChart({ readings, temperature }: { readings: TTemperatureReading[]; temperature: TTemperatureClass }) {
  if (!readings.length) return null;
  const range = isTemperatureControlled(temperature) ? TEMPERATURE_RANGES[temperature] : null;
  const W = 320;
  const H = 120;
  const pad = { l: 34, r: 8, t: 8, b: 18 };
  const values = readings.map((r) => r.celsius);
  const lo = Math.min(...values, range?.min ?? Number.POSITIVE_INFINITY) - 2;
  const hi = Math.max(...values, range?.max ?? Number.NEGATIVE_INFINITY) + 2;
  const times = readings.map((r) => new Date(r.at).getTime());
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const x = (t: number) => pad.l + (t1 === t0 ? (W - pad.l - pad.r) / 2 : ((t - t0) / (t1 - t0)) * (W - pad.l - pad.r));
  const y = (c: number) => pad.t + ((hi - c) / (hi - lo)) * (H - pad.t - pad.b);
  const path = readings.map((r, i) => `${i ? 'L' : 'M'}${x(times[i]).toFixed(1)},${y(r.celsius).toFixed(1)}`).join(' ');
  const fmt = (t: number) => formatTime(new Date(t));
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full max-w-md"
      role="img"
      aria-label={`Temperature readings${range ? ` against ${range.min} to ${range.max} °C` : ''}`}
    >
      {range && (
        <>
          <rect x={pad.l} y={y(range.max)} width={W - pad.l - pad.r} height={y(range.min) - y(range.max)} fill="#d1fae5" />
          <text x={pad.l - 4} y={y(range.max) + 4} textAnchor="end" fontSize="10" fill="#065f46">
            {range.max}°
          </text>
          <text x={pad.l - 4} y={y(range.min) + 4} textAnchor="end" fontSize="10" fill="#065f46">
            {range.min}°
          </text>
        </>
      )}
      <path d={path} fill="none" stroke="#0f766e" strokeWidth="2" />
      {readings.map((r, i) => (
        <circle
          key={`${r.at}-${r.source}-${r.celsius}`}
          cx={x(times[i])}
          cy={y(r.celsius)}
          r={readings.length > 60 ? 1.5 : 3.5}
          fill={r.inRange ? '#0f766e' : '#dc2626'}
        />
      ))}
      <text x={pad.l} y={H - 4} fontSize="10" fill="#475569">
        {fmt(t0)}
      </text>
      <text x={W - pad.r} y={H - 4} textAnchor="end" fontSize="10" fill="#475569">
        {fmt(t1)}
      </text>
    </svg>
  );
}
