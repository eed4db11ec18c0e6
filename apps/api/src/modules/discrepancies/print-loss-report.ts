import { DISCREPANCY_KIND_LABELS, DISCREPANCY_NOT_FOUND, isSafeLine, LOSS_REPORT_ONLY_CONTROLLED, statusLabel } from '@courier/contract';
import { asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { deliveries, deliveryEvents, users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../platform/app-error.js';
import { auditRead } from '../../platform/audit.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { formatBusinessTime } from '../../shared/business-time.js';
import { findDiscrepancyDetail } from './discrepancy-json.js';

/** Anything that is not one line of printable text shows as '?', and what a person wrote stands in quotes. */
const printable = (value: string) => Array.from(value, (ch) => (isSafeLine(ch) ? ch : '?')).join('');
const quoted = (value: string) => `\u201C${printable(value)}\u201D`;
const amount = (n: number | null, unit: string | null) => (n === null ? 'not recorded' : `${n}${unit ? ` ${unit}` : ''}`);

/**
 * GET /admin/discrepancies/{id}/loss-report.pdf: what the regulator's theft-or-loss form asks of a controlled count
 * that changed (what, how much, when, the custody path, who held it last), on US Letter; each print is audited.
 */
export async function printLossReport(services: Services, actor: Actor, input: { id: string }) {
  assertAudience(actor, 'staff');
  const now = services.clock.now();
  const c = await findDiscrepancyDetail(services.db, input.id, now);
  if (!c) throw notFound(DISCREPANCY_NOT_FOUND);
  if (c.kind !== 'controlled_count') throw conflict(LOSS_REPORT_ONLY_CONTROLLED);
  const [d] = c.delivery ? await services.db.select().from(deliveries).where(eq(deliveries.id, c.delivery._id)) : [];
  const path = d
    ? await services.db
        .select({ e: deliveryEvents, firstName: users.firstName, lastName: users.lastName })
        .from(deliveryEvents)
        .leftJoin(users, eq(users.id, deliveryEvents.actorId))
        .where(eq(deliveryEvents.deliveryId, d.id))
        .orderBy(asc(deliveryEvents.seq))
    : [];
  await auditRead(services, actor, 'discrepancy.report', { targetType: 'discrepancy', targetId: c._id });

  const tz = services.env.BUSINESS_TZ;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: `Loss report ${c.piece?.barcode ?? c._id}`, CreationDate: now },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const line = (label: string, value: string) =>
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);

  doc.font('Helvetica-Bold').fontSize(18).text('Controlled substance loss report');
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#444')
    .text(`Generated ${formatBusinessTime(now, tz)} for the theft-or-loss form`)
    .fillColor('#000');
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('What');
  line('Case', `${c._id} (${DISCREPANCY_KIND_LABELS[c.kind]}, ${c.status})`);
  line('Tracking number', c.delivery?.orderId ?? 'none');
  line('Piece', c.piece?.barcode ?? 'the whole parcel');
  if (d) line('From', quoted(d.pickupAddress));
  if (d) line('To', quoted(d.deliveryAddress));
  if (c.account) line('Customer', quoted(c.account.name));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('How much');
  line('Count handed over', amount(c.expectedQuantity, c.unit));
  line('Count received', amount(c.countedQuantity, c.unit));
  const lost = c.expectedQuantity !== null && c.countedQuantity !== null ? c.expectedQuantity - c.countedQuantity : null;
  line('Difference', lost === null ? 'not known' : amount(lost, c.unit));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('When');
  line('Discovered', formatBusinessTime(new Date(c.openedAt), tz));
  line('Detail', quoted(c.detail));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('Custody path');
  if (path.length === 0) doc.font('Helvetica').fontSize(10).text('No hand-over recorded.');
  for (const { e, firstName, lastName } of path) {
    const who = e.actorId ? `${quoted(`${firstName ?? ''} ${lastName ?? ''}`.trim())} (${e.actorRole ?? ''})` : (e.actorRole ?? 'system');
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(
        `${e.seq}. ${formatBusinessTime(e.createdAt, tz)}  ${e.kind ?? statusLabel(e.status)}  by ${who}${e.locationLabel ? `  at ${quoted(e.locationLabel)}` : ''}`,
      );
    if (e.note) doc.text(`    ${quoted(e.note)}`);
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('Who held it last');
  const holder = [...path].reverse().find((p) => p.e.actorId && p.e.actorRole !== 'RECEIVER');
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(
      holder
        ? `${quoted(`${holder.firstName ?? ''} ${holder.lastName ?? ''}`.trim())} (${holder.e.actorRole ?? ''}), last recorded ${formatBusinessTime(holder.e.createdAt, tz)}`
        : c.driver
          ? `${quoted(c.driver.name)} (DRIVER)`
          : 'Not recorded',
    );
  if (c.resolution) {
    doc.moveDown();
    line('Resolution', quoted(c.resolution));
  }
  doc.end();
  return { pdf: await done, fileName: `loss-report-${c.piece?.barcode ?? c._id}.pdf` };
}
