import { TEMPERATURE_LABELS, type TTemperatureTrace } from '@courier/contract';
import type PDFDocument from 'pdfkit';
import { formatBusinessTime } from '../../shared/business-time.js';

type Doc = InstanceType<typeof PDFDocument>;

const CHART_HEIGHT = 150;
const SEVERITY_COLOR = { critical: '#b91c1c', warning: '#b45309' } as const;
const LOGGER_COLORS = ['#1d4ed8', '#0f766e', '#7c3aed', '#be185d'];
const LOGGER_COLOR_NAMES = ['blue', 'teal', 'violet', 'pink'];
const deg = (c: number) => `${Math.round(c * 10) / 10} °C`;

/**
 * The custody report's temperature section: a line chart of the trace (a line per logger, probe readings as dots)
 * with the class's boundaries as dashed lines, breach spans shaded red and gaps shaded grey, then a small table of
 * breaches and gaps. Nothing here is written by a person: device ids are checked by the contract on the way in.
 */
export function drawTemperatureSection(doc: Doc, trace: TTemperatureTrace, tz: string, left: number, width: number) {
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#000').text('Temperature', left, doc.y);
  doc.font('Helvetica').fontSize(9);
  if (trace.readings.length === 0) {
    doc.text(`${TEMPERATURE_LABELS[trace.temperatureClass]}. No temperature readings recorded.`, left, doc.y, { width });
    return;
  }
  const cs = trace.readings.map((r) => r.celsius);
  doc.text(
    `${TEMPERATURE_LABELS[trace.temperatureClass]}. ${trace.readings.length} reading${trace.readings.length === 1 ? '' : 's'}, ${deg(Math.min(...cs))} to ${deg(Math.max(...cs))}; ${trace.breaches.length} breach${trace.breaches.length === 1 ? '' : 'es'}, ${trace.gaps.length} gap${trace.gaps.length === 1 ? '' : 's'}.`,
    left,
    doc.y,
    { width },
  );
  doc.moveDown(0.5);
  const bottomLimit = doc.page.height - doc.page.margins.bottom;
  if (doc.y + CHART_HEIGHT + 40 > bottomLimit) doc.addPage();

  // Scales: time across, degrees up, with room for every reading, span and boundary.
  const times = [
    ...trace.readings.map((r) => Date.parse(r.at)),
    ...trace.gaps.flatMap((g) => [Date.parse(g.from), Date.parse(g.to)]),
    ...trace.breaches.flatMap((b) => [Date.parse(b.from), Date.parse(b.to)]),
  ];
  const t0 = Math.min(...times);
  const t1 = Math.max(...times, t0 + 60_000);
  const limits = trace.boundaries.flatMap((b) => [b.above, b.below].filter((v): v is number => v !== undefined));
  const lo = Math.floor(Math.min(...cs, ...limits) - 1);
  const hi = Math.ceil(Math.max(...cs, ...limits) + 1);
  const axis = 34;
  const plotLeft = left + axis;
  const plotWidth = width - axis - 70;
  const top = doc.y;
  const x = (t: number) => plotLeft + ((t - t0) / (t1 - t0)) * plotWidth;
  const y = (c: number) => top + CHART_HEIGHT - ((c - lo) / (hi - lo)) * CHART_HEIGHT;

  doc.save();
  for (const g of trace.gaps) {
    const gx = x(Date.parse(g.from));
    doc.rect(gx, top, Math.max(1, x(Date.parse(g.to)) - gx), CHART_HEIGHT).fill('#e5e7eb');
  }
  for (const b of trace.breaches) {
    const bx = x(Date.parse(b.from));
    doc
      .rect(bx, top, Math.max(1, x(Date.parse(b.to)) - bx), CHART_HEIGHT)
      .fillOpacity(0.25)
      .fill(SEVERITY_COLOR[b.boundary.severity])
      .fillOpacity(1);
  }
  doc.rect(plotLeft, top, plotWidth, CHART_HEIGHT).lineWidth(0.5).stroke('#9ca3af');
  // Degrees on the left: four steps.
  doc.fontSize(7).fillColor('#374151');
  for (let i = 0; i <= 4; i++) {
    const c = lo + ((hi - lo) * i) / 4;
    doc.text(deg(c), left, y(c) - 3, { width: axis - 4, align: 'right', lineBreak: false });
  }
  for (const b of trace.boundaries) {
    const limit = b.above ?? b.below;
    if (limit === undefined) continue;
    const color = SEVERITY_COLOR[b.severity];
    doc
      .moveTo(plotLeft, y(limit))
      .lineTo(plotLeft + plotWidth, y(limit))
      .dash(3, { space: 2 })
      .lineWidth(0.8)
      .stroke(color)
      .undash();
    doc
      .fillColor(color)
      .text(
        `${b.above !== undefined ? '>' : '<'} ${deg(limit)}${b.minutes ? ` ${b.minutes} min` : ''}`,
        plotLeft + plotWidth + 4,
        y(limit) - 3,
        {
          width: 66,
          lineBreak: false,
        },
      );
  }
  const loggers = [...new Set(trace.readings.flatMap((r) => (r.deviceId ? [r.deviceId] : [])))];
  loggers.forEach((deviceId, i) => {
    const pts = trace.readings.filter((r) => r.deviceId === deviceId);
    const color = LOGGER_COLORS[i % LOGGER_COLORS.length];
    pts.forEach((p, j) => {
      const px = x(Date.parse(p.at));
      const py = y(p.celsius);
      // A gap breaks the line: a silence is not drawn as a steady temperature.
      const inGap = j > 0 && trace.gaps.some((g) => g.deviceId === deviceId && g.from === pts[j - 1].at && g.to === p.at);
      if (j === 0 || inGap) doc.moveTo(px, py);
      else doc.lineTo(px, py);
    });
    doc.lineWidth(1.2).undash().stroke(color);
    if (pts.length === 1) doc.circle(x(Date.parse(pts[0].at)), y(pts[0].celsius), 1.5).fill(color);
  });
  for (const p of trace.readings.filter((r) => !r.deviceId))
    doc.circle(x(Date.parse(p.at)), y(p.celsius), 2.2).fill(p.inRange ? '#111827' : SEVERITY_COLOR.critical);
  doc.fillColor('#374151').fontSize(7);
  doc.text(formatBusinessTime(new Date(t0), tz), plotLeft, top + CHART_HEIGHT + 3, { width: plotWidth / 2, lineBreak: false });
  doc.text(formatBusinessTime(new Date(t1), tz), plotLeft + plotWidth / 2, top + CHART_HEIGHT + 3, {
    width: plotWidth / 2,
    align: 'right',
    lineBreak: false,
  });
  doc.restore();
  doc.x = left;
  doc.y = top + CHART_HEIGHT + 14;
  const key = [
    ...loggers.map((id, i) => `${LOGGER_COLOR_NAMES[i % LOGGER_COLOR_NAMES.length]} line: logger ${id}`),
    trace.readings.some((r) => !r.deviceId) ? 'dots: probe readings' : null,
    'dashed: boundaries',
    'red: beyond a breached boundary',
    'grey: logger silent',
  ].filter(Boolean);
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#374151')
    .text(`Key - ${key.join('; ')}`, left, doc.y, { width })
    .fillColor('#000');

  // The table: each breach and gap in words.
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text('Breaches and gaps', left, doc.y, { width });
  doc.font('Helvetica').fontSize(9);
  if (trace.breaches.length === 0 && trace.gaps.length === 0) doc.text('None.', left, doc.y, { width });
  for (const b of trace.breaches)
    doc.text(
      `Breach - logger ${b.deviceId}${b.piece ? ` in ${b.piece}` : ''}: ${b.words}, reached ${formatBusinessTime(new Date(b.at), tz)} at ${deg(b.celsius)}; beyond from ${formatBusinessTime(new Date(b.from), tz)} to ${formatBusinessTime(new Date(b.to), tz)}`,
      left,
      doc.y,
      { width },
    );
  for (const g of trace.gaps)
    doc.text(
      `Gap - logger ${g.deviceId}${g.piece ? ` in ${g.piece}` : ''}: no reading from ${formatBusinessTime(new Date(g.from), tz)} to ${g.open ? 'now (still silent)' : formatBusinessTime(new Date(g.to), tz)}`,
      left,
      doc.y,
      { width },
    );
}
