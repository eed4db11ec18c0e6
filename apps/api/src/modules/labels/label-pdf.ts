import PDFDocument from 'pdfkit';
import { hasMarks, headerMark, type LabelContent, type LabelPage, marksLine, pieceAbout, pieceLine } from './label-content.js';
import { LABEL } from './label-layout.js';

/**
 * A printable 4x6 in shipping label, one page per piece: sender and recipient, package and service, "Piece 2 of
 * 3" and the piece's barcode as Code 128 and QR, the handling marks in words; then, when the parcel needs them,
 * the handling page with the marks printed large.
 */
export function renderLabelPdf(c: LabelContent, pages: readonly LabelPage[], generatedAt: Date): Promise<Buffer> {
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

  for (const [i, page] of pages.entries()) {
    if (i > 0) doc.addPage({ size: [LABEL.width, LABEL.height], margin: 0 });
    drawLabelPage(doc, c, page);
  }
  if (hasMarks(c.marks)) drawHandlingMarks(doc, c);
  doc.end();
  return done;
}

/** One piece's page: its piece line and its codes, the rest the parcel's. */
function drawLabelPage(doc: PDFKit.PDFDocument, c: LabelContent, { piece, codes }: LabelPage) {
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
  const mark = headerMark(c);
  doc.rect(LABEL.width - m - 110, LABEL.header.y, 110, 24).fill('#000');
  doc
    .font('Helvetica-Bold')
    .fontSize(mark.size)
    .fillColor('#fff')
    .text(mark.text, LABEL.width - m - 110, LABEL.header.y + 12 - mark.size / 2, { width: 110, align: 'center' });
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
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#000').text(piece.barcode, m, b.textY, { width: inner, align: 'center' });
  rule(b.rule);

  doc.image(codes.qr, LABEL.qr.x, LABEL.qr.y, { width: LABEL.qr.size, height: LABEL.qr.size });
  const f = LABEL.footer;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000')
    .text(pieceLine(piece), f.x, f.y, { width: f.width, height: 13, ellipsis: true });
  const about = pieceAbout(piece);
  if (about)
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .text(about, f.x, f.y + 14, { width: f.width, height: 10, ellipsis: true });
  const words = marksLine(c.marks);
  if (words)
    doc
      .font('Helvetica-Bold')
      .fontSize(7.5)
      .text(words, f.x, f.y + 25, { width: f.width, height: 10, ellipsis: true });
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .fillColor('#000')
    .text(`Track: ${c.trackingUrl}`, f.x, f.y + 36, { width: f.width, height: 9, ellipsis: true });
  doc.fillColor('#444').text(`Label generated ${c.generatedAt}`, f.x, f.y + 46, { width: f.width });
}

/**
 * The handling page: the marks a handler needs, printed large on a second 4x6 label stuck beside
 * the first: STAT, the temperature class, the UN3373 diamond with its words and the responsible person,
 * ID CHECK REQUIRED.
 */
function drawHandlingMarks(doc: PDFKit.PDFDocument, c: LabelContent) {
  doc.addPage({ size: [LABEL.width, LABEL.height], margin: 0 });
  const m = LABEL.margin;
  const inner = LABEL.width - 2 * m;
  let y = m;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000').text(`${c.trackingCode}  HANDLING`, m, y, { width: inner, characterSpacing: 1 });
  y += 18;
  const banner = (text: string, size: number, inverse: boolean) => {
    const h = size + 16;
    if (inverse) doc.rect(m, y, inner, h).fill('#000');
    else doc.lineWidth(3).rect(m, y, inner, h).stroke('#000');
    doc
      .font('Helvetica-Bold')
      .fontSize(size)
      .fillColor(inverse ? '#fff' : '#000')
      .text(text, m, y + 9, { width: inner, align: 'center' });
    y += h + 8;
  };
  if (c.marks.stat) banner('STAT', 40, true);
  if (c.marks.temperature) banner(c.marks.temperature, c.marks.temperature.length > 18 ? 17 : 22, false);
  if (c.marks.idCheck) banner('ID CHECK REQUIRED', 20, true);
  const u = c.marks.un3373;
  if (u) {
    // The UN3373 mark: a square on its point, at least 50 mm a side in the rules; here as large as the page allows.
    const size = Math.min(110, LABEL.height - y - 90);
    const cx = LABEL.width / 2;
    const cy = y + size / 2 + 4;
    const r = size / 2;
    doc
      .lineWidth(3)
      .moveTo(cx, cy - r)
      .lineTo(cx + r, cy)
      .lineTo(cx, cy + r)
      .lineTo(cx - r, cy)
      .closePath()
      .stroke('#000');
    doc
      .font('Helvetica-Bold')
      .fontSize(Math.max(12, size / 6))
      .fillColor('#000')
      .text('UN3373', cx - r, cy - size / 12, { width: size, align: 'center' });
    y = cy + r + 8;
    doc.font('Helvetica-Bold').fontSize(13).text('BIOLOGICAL SUBSTANCE, CATEGORY B', m, y, { width: inner, align: 'center' });
    y += 34;
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Responsible person: ${u.name}`, m, y, { width: inner, align: 'center', height: 22, ellipsis: true });
    doc.text(`Phone: ${u.phone}`, m, y + 22, { width: inner, align: 'center' });
  }
}
