import { isSafeLine } from '@courier/contract';
import PDFDocument from 'pdfkit';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { formatBusinessTime } from '../../shared/business-time.js';
import { dollars } from '../billing/money.js';
import { getSettlement } from './get-settlement.js';

const printable = (value: string) => Array.from(value, (ch) => (isSafeLine(ch) ? ch : '?')).join('');

/** A statement the driver can keep (US Letter): the period, every item with its explanation, the totals. */
export async function printSettlementStatement(services: Services, actor: Actor, input: { id: string }) {
  const s = await getSettlement(services, actor, input);
  const now = services.clock.now();
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `Pay statement ${s.from} to ${s.to}`, CreationDate: now } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(18).text('Pay statement');
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#444')
    .text(`Generated ${formatBusinessTime(now, services.env.BUSINESS_TZ)}`)
    .fillColor('#000');
  doc.moveDown();
  const line = (label: string, value: string) =>
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  line('Driver', printable(s.driverName));
  line('Period', `${s.from} to ${s.to}`);
  line('Status', s.status + (s.paidOn ? ` on ${s.paidOn}${s.paidReference ? ` (ref. ${printable(s.paidReference)})` : ''}` : ''));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text('Items');
  doc.fontSize(9);
  for (const item of s.items) {
    const y = doc.y;
    const what = `${item.earnedOn}  ${item.orderId ?? item.code}  ${printable(item.explanation)}`;
    doc.font('Helvetica').text(what, left, y, { width: width - 90 });
    const after = doc.y;
    doc.text(dollars(item.amountCents), left + width - 80, y, { width: 80, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  }
  doc.moveDown();
  doc.fontSize(10);
  line('Jobs', String(s.jobs));
  line('Miles', (s.milesTenths / 10).toFixed(1));
  line('Gross', dollars(s.grossCents));
  line('Adjustments', dollars(s.adjustmentsCents));
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Net pay: ${dollars(s.netCents)}`);
  doc.end();
  return { pdf: await done, fileName: `pay-statement-${s.from}-to-${s.to}.pdf` };
}
