import type { TDeliveryReport } from '@courier/contract';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { shortDay } from './report-format';

/** The most customers or drivers a chart draws (the busiest); the table beside it lists them all. Days are all drawn. */
const MAX_BARS = 15;

/**
 * Booked and delivered per group as bars, the on-time rate as a line. recharts loads with this file only,
 * so neither the landing page nor the rest of the console carries it.
 */
export default function ReportChart({ report }: { report: TDeliveryReport }) {
  const rows = (report.groupBy === 'day' ? report.rows : report.rows.slice(0, MAX_BARS)).map((r) => ({
    name: report.groupBy === 'day' ? shortDay(r.key) : r.label,
    Booked: r.booked,
    Delivered: r.delivered,
    'On time (%)': r.onTimeRate === null ? null : Math.round(r.onTimeRate * 1000) / 10,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="name" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" minTickGap={12} />
        <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} width={36} />
        <YAxis yAxisId="rate" orientation="right" domain={[0, 100]} unit="%" tick={{ fontSize: 12, fill: '#475569' }} width={44} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar yAxisId="count" dataKey="Booked" fill="#94a3b8" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Bar yAxisId="count" dataKey="Delivered" fill="#0d9488" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Line yAxisId="rate" dataKey="On time (%)" stroke="#7c3aed" strokeWidth={2} dot={{ r: 2 }} connectNulls isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
