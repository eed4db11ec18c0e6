import type { TTemperatureTrace } from '@courier/contract';
import {
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDateTime, formatTime } from '@/lib/format-date';

export const SEVERITY_COLORS = { critical: '#b91c1c', warning: '#b45309' } as const;
const LOGGER_COLORS = ['#1d4ed8', '#0f766e', '#7c3aed', '#be185d'];

interface Point {
  t: number;
  celsius: number | null;
}

/**
 * The trace as a line chart: a line per logger (broken where it went silent), probe readings as dots, the class's
 * boundaries as dashed lines, breach spans shaded red and gaps grey. recharts loads with this file only. The figure
 * around it carries the same facts in words and as a table.
 */
export default function TemperatureTraceChart({ trace }: { trace: TTemperatureTrace }) {
  const loggers = [...new Set(trace.readings.flatMap((r) => (r.deviceId ? [r.deviceId] : [])))];
  const series = loggers.map((deviceId) => {
    const points: Point[] = [];
    const mine = trace.readings.filter((r) => r.deviceId === deviceId);
    mine.forEach((r, i) => {
      const t = Date.parse(r.at);
      const prev = mine[i - 1];
      if (prev && trace.gaps.some((g) => g.deviceId === deviceId && g.from === prev.at && g.to === r.at))
        points.push({ t: (Date.parse(prev.at) + t) / 2, celsius: null });
      points.push({ t, celsius: r.celsius });
    });
    return { deviceId, points };
  });
  const probes = trace.readings.filter((r) => !r.deviceId).map((r) => ({ t: Date.parse(r.at), celsius: r.celsius }));
  const limits = trace.boundaries.flatMap((b) => [b.above, b.below].filter((v): v is number => v !== undefined));
  const cs = trace.readings.map((r) => r.celsius);
  const lo = Math.floor(Math.min(...cs, ...limits) - 1);
  const hi = Math.ceil(Math.max(...cs, ...limits) + 1);
  const times = [...trace.readings.map((r) => Date.parse(r.at)), ...trace.gaps.flatMap((g) => [Date.parse(g.from), Date.parse(g.to)])];
  const t0 = Math.min(...times);
  const t1 = Math.max(...times, t0 + 60_000);
  // A trace of a few minutes is read to the second, or every tick would say the same minute.
  const tick = (t: number) =>
    t1 - t0 < 10 * 60_000
      ? new Date(t).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' })
      : formatTime(new Date(t));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart margin={{ top: 8, right: 12, bottom: 4, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis
          type="number"
          dataKey="t"
          domain={[t0, t1]}
          scale="time"
          tickFormatter={tick}
          tick={{ fontSize: 12, fill: '#475569' }}
          minTickGap={24}
        />
        <YAxis type="number" dataKey="celsius" domain={[lo, hi]} unit="°" tick={{ fontSize: 12, fill: '#475569' }} width={40} />
        {trace.gaps.map((g) => (
          <ReferenceArea
            key={`gap-${g.deviceId}-${g.from}`}
            x1={Date.parse(g.from)}
            x2={Date.parse(g.to)}
            fill="#cbd5e1"
            fillOpacity={0.5}
          />
        ))}
        {trace.breaches.map((b) => (
          <ReferenceArea
            key={`breach-${b.deviceId}-${b.at}-${b.words}`}
            x1={Date.parse(b.from)}
            x2={Math.max(Date.parse(b.to), Date.parse(b.from) + 30_000)}
            fill={SEVERITY_COLORS[b.boundary.severity]}
            fillOpacity={0.15}
          />
        ))}
        {trace.boundaries.map((b) => {
          const limit = b.above ?? b.below;
          return limit === undefined ? null : (
            <ReferenceLine
              key={`${b.above ?? ''}-${b.below ?? ''}-${b.minutes}`}
              y={limit}
              stroke={SEVERITY_COLORS[b.severity]}
              strokeDasharray="5 4"
              label={{
                value: `${b.above !== undefined ? '>' : '<'} ${limit}°${b.minutes ? ` ${b.minutes} min` : ''}`,
                position: 'insideTopRight',
                fontSize: 11,
                fill: SEVERITY_COLORS[b.severity],
              }}
            />
          );
        })}
        <Tooltip labelFormatter={(t) => formatDateTime(new Date(Number(t)))} formatter={(value) => [`${value} °C`, 'Temperature']} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s, i) => (
          <Line
            key={s.deviceId}
            data={s.points}
            dataKey="celsius"
            name={`Logger ${s.deviceId}`}
            stroke={LOGGER_COLORS[i % LOGGER_COLORS.length]}
            strokeWidth={2}
            dot={s.points.length > 40 ? false : { r: 2 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
        {probes.length > 0 && <Scatter data={probes} dataKey="celsius" name="Probe" fill="#0f172a" isAnimationActive={false} />}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
