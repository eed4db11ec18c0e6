import PDFDocument from 'pdfkit';
import type { LabelContent } from './label-content.js';
import { LABEL } from './label-layout.js';

/** A printable 4x6 in shipping label: sender and recipient, package and service, Code 128 and QR codes. */
export function renderLabelPdf(c: LabelContent, codes: { barcode: Buffer; qr: Buffer }, generatedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [LABEL.width, LABEL.height],
    margin: 0,
    info: { Title: `Shipping label ${c.trackingCode}`, Subject: c.trackingCode, Author: c.company, CreationDate: generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const m = LABEL.margin;
  const inner = LABEL.width - 2 * m;
  const rule = (y: number, width = 1) =>
    doc
      .lineWidth(width)
      .moveTo(m, y)
      .lineTo(LABEL.width - m, y)
      .stroke('#000');
  const caption = (text: string, y: number) =>
    doc.font('Helvetica-Bold').fontSize(7).fillColor('#444').text(text, m, y, { characterSpacing: 1 });

  // Header: company and the service in a black box, so sorting staff see the urgency at a glance.
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor('#000')
    .text(c.company, m, LABEL.header.y + 4);
  const service = c.service.toUpperCase();
  doc.rect(LABEL.width - m - 110, LABEL.header.y, 110, 24).fill('#000');
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#fff')
    .text(service, LABEL.width - m - 110, LABEL.header.y + 6, { width: 110, align: 'center' });
  rule(LABEL.header.rule, 1.5);

  caption('FROM', LABEL.from.y);
  // An organisation takes the first line, and the address gives up its second to make room.
  const org = c.from.organisation;
  const shift = org ? 11 : 0;
  if (org) {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#000')
      .text(org, m, LABEL.from.y + 10, { width: inner, height: 11, ellipsis: true });
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(org ? 8.5 : 9)
    .fillColor('#000')
    .text(c.from.name, m, LABEL.from.y + 10 + shift, { width: inner, height: 11, ellipsis: true });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(c.from.phone, m, LABEL.from.y + 22 + shift, { width: inner });
  doc.text(c.from.address, m, LABEL.from.y + 33 + shift, { width: inner, height: org ? 11 : 22, ellipsis: true });
  rule(LABEL.from.rule);

  caption('SHIP TO', LABEL.to.y);
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#000')
    .text(c.to.name, m, LABEL.to.y + 11, { width: inner, height: 17, ellipsis: true });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(c.to.phone, m, LABEL.to.y + 30, { width: inner });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(c.to.address, m, LABEL.to.y + 45, { width: inner, height: 42, ellipsis: true });
  rule(LABEL.to.rule, 1.5);

  caption('PACKAGE', LABEL.details.y);
  doc.font('Helvetica').fontSize(8.5).fillColor('#000');
  doc.text(`${c.packageType}  |  ${c.packageSize}  |  ${c.service}`, m, LABEL.details.y + 9, { width: inner, height: 11, ellipsis: true });
  doc.font('Helvetica-Bold').text(`Required by: ${c.requiredBy}`, m, LABEL.details.y + 21, { width: inner, height: 11, ellipsis: true });
  rule(LABEL.details.rule);

  const b = LABEL.barcode;
  doc.image(codes.barcode, b.x, b.y, { width: b.width, height: b.height });
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#000').text(c.trackingCode, m, b.textY, { width: inner, align: 'center' });
  rule(b.rule);

  doc.image(codes.qr, LABEL.qr.x, LABEL.qr.y, { width: LABEL.qr.size, height: LABEL.qr.size });
  const f = LABEL.footer;
  doc.font('Helvetica-Bold').fontSize(8).text('Track this delivery', f.x, f.y, { width: f.width });
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(c.trackingUrl, f.x, f.y + 12, { width: f.width, height: 26, ellipsis: true });
  doc.fillColor('#444').text(`Label generated ${c.generatedAt}`, f.x, f.y + 44, { width: f.width });

  doc.end();
  return done;
}
