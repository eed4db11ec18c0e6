import { isSafeLine, PACKAGE_TYPE_LABELS, statusLabel, type TPackageType } from '@courier/contract';
import PDFDocument from 'pdfkit';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { formatBusinessTime } from '../../shared/business-time.js';
import { readTemperatureTraceOf } from '../../shared/temperature-trace.js';
import { drawTemperatureSection } from './custody-temperature.js';
import { findDeliveryView } from './find-delivery-view.js';
import { readCustody } from './read-custody.js';

/** Anything that is not one line of printable text (controls, bidirectional overrides, line separators) shows as '?'. */
const printable = (value: string) => Array.from(value, (ch) => (isSafeLine(ch) ? ch : '?')).join('');
/** A one-line value written by a person, in quotes and on one line whatever it holds. */
const quoted = (value: string) => `\u201C${printable(value)}\u201D`;

/**
 * A printable chain-of-custody report (US Letter) for labs and pharmacies that must file one: the parcel,
 * every hand-over with actor, time and place, the temperature trace (chart and table), the proof of delivery and the chain's verdict.
 */
export async function printCustodyReport(services: Services, actor: Actor, input: { idOrTrackingNumber: string }) {
  // readCustody audits the read as 'custody.report': one row for the call.
  const record = await readCustody(services, actor, input, 'custody.report');
  const view = await findDeliveryView(services.db, record.delivery.id);
  const d = record.delivery;
  const tz = services.env.BUSINESS_TZ;
  const now = services.clock.now();
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `Chain of custody ${d.orderId}`, CreationDate: now } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const line = (label: string, value: string) =>
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  /**
   * What a person wrote (a note, a name given at the door) goes under its heading, indented and each line in
   * quotes, so no text a user writes can stand at the margin and pass for one of the report's own lines.
   */
  const written = (label: string, value: string) => {
    doc.font('Helvetica-Oblique').text(`${label}:`, left, doc.y, { width });
    for (const row of value.split(/\r\n|\r|\n/))
      doc.font('Helvetica').text(`\u201C${printable(row)}\u201D`, left + 18, doc.y, { width: width - 18 });
    doc.x = left;
  };

  doc.font('Helvetica-Bold').fontSize(18).text('Chain of custody report');
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#444')
    .text(`Generated ${formatBusinessTime(now, tz)}`)
    .fillColor('#000');
  doc.moveDown();
  line('Tracking number', d.orderId);
  line('Status', statusLabel(d.status));
  line('Package', `${PACKAGE_TYPE_LABELS[d.packageType as TPackageType] ?? d.packageType}, ${d.packageSize}`);
  line('From', quoted(d.pickupAddress));
  line('To', `${quoted(d.recipientName)}, ${quoted(d.deliveryAddress)}`);
  line('Required by', formatBusinessTime(d.requiredBy, tz));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('Hand-overs');
  for (const e of record.events) {
    doc
      .moveDown(0.4)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${e.seq}. ${statusLabel(e.status)} - ${formatBusinessTime(new Date(e.timestamp), tz)}`);
    const who = e.actor ? `${quoted(e.actor.name)}${e.actorRole ? ` (${e.actorRole})` : ''}` : (e.actorRole ?? 'system');
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`By: ${who}    Place: ${e.location ? quoted(e.location) : 'not recorded'}`);
    if (e.note) written('Note, as written', e.note);
    doc.fillColor('#666').fontSize(7).text(`Hash ${e.hash}`).fillColor('#000');
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text(`Pieces (${record.pieces.length})`);
  for (const p of record.pieces) {
    doc
      .moveDown(0.3)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${p.barcode} - ${p.kind}${p.accession ? `, accession ${quoted(p.accession)}` : ''} - ${statusLabel(p.status)}`);
    const path = p.path.map((step) => `event ${step.seq} (${formatBusinessTime(new Date(step.timestamp), tz)})`).join(' > ');
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Path: ${path || 'no scan recorded'}`);
  }
  doc.moveDown();
  drawTemperatureSection(doc, await readTemperatureTraceOf(services.db, d, now), tz, left, width);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('Proof of delivery', left, doc.y);
  const pod = view?.pod;
  doc.font('Helvetica').fontSize(10);
  if (pod) {
    line('At', formatBusinessTime(pod.capturedAt, tz));
    line('Photo', pod.photoFileId ? 'on file' : 'none');
    line('Signature', pod.signatureFileId ? 'on file' : 'none');
    written('Received by, as written', pod.recipientName);
    if (pod.notes) written('Notes, as written', pod.notes);
  } else doc.text('None recorded.');
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('Verdict');
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(record.verdict.valid ? '#065f46' : '#b91c1c')
    .text(record.verdict.message)
    .fillColor('#000');
  doc.end();
  const pdf = await done;
  return { pdf, fileName: `custody-${d.orderId}.pdf` };
}
