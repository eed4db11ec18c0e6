import type { TInvoice } from '@courier/contract';
import PDFDocument from 'pdfkit';
import { dollars } from '../billing/money.js';

export interface InvoiceLetterhead {
  company: string;
  address: string;
  /** The remit-to block, one line each. */
  remitTo: string[];
}

const PAGE = { width: 612, height: 792, margin: 48 };
const COLS = { date: 48, tracking: 108, route: 210, description: 330, amountRight: 564 };
const FOOTER_Y = PAGE.height - PAGE.margin - 40;

/**
 * The invoice as a Letter PDF: bill-to, terms and remit-to, one row per charge grouped by delivery, each page's
 * total at its foot (brought forward to the next page), and the balance on the last page.
 */
export function renderInvoicePdf(invoice: TInvoice, head: InvoiceLetterhead, generatedAt: Date): Promise<Buffer> {
  const title = invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice';
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    info: { Title: title, Author: head.company, CreationDate: generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const text = (s: string, x: number, y: number, o: PDFKit.Mixins.TextOptions = {}) => doc.text(s, x, y, { lineBreak: true, ...o });

  // Header block (first page): who bills, the number and dates, who is billed, where to pay.
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000');
  text(head.company, PAGE.margin, PAGE.margin);
  doc.font('Helvetica').fontSize(9);
  text(head.address, PAGE.margin, PAGE.margin + 22);
  doc.font('Helvetica-Bold').fontSize(16);
  text(invoice.number ? 'INVOICE' : 'DRAFT INVOICE', 330, PAGE.margin, { width: 234, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  const facts = [
    `Number: ${invoice.number ?? 'not issued'}`,
    `Invoice date: ${invoice.invoiceDate ?? '-'}`,
    `Due date: ${invoice.dueDate ?? '-'}`,
    `Terms: ${invoice.termsDays !== null ? `Net ${invoice.termsDays}` : '-'}`,
    `Period: ${invoice.periodFrom} to ${invoice.periodTo}`,
  ];
  for (const [i, f] of facts.entries()) text(f, 330, PAGE.margin + 22 + i * 12, { width: 234, align: 'right' });
  let y = PAGE.margin + 92;
  doc.font('Helvetica-Bold').fontSize(9);
  text('BILL TO', PAGE.margin, y);
  text('REMIT TO', 330, y);
  doc.font('Helvetica').fontSize(9);
  const billTo = [invoice.accountName, ...invoice.billingAddress.split('\n').filter(Boolean), invoice.billingEmail];
  for (const [i, l] of billTo.entries()) text(l, PAGE.margin, y + 12 + i * 11, { width: 260 });
  for (const [i, l] of head.remitTo.entries()) text(l, 330, y + 12 + i * 11, { width: 234 });
  y += 12 + Math.max(billTo.length, head.remitTo.length) * 11 + 14;

  const tableHeader = (at: number) => {
    doc.font('Helvetica-Bold').fontSize(8);
    text('Date', COLS.date, at);
    text('Tracking / ref.', COLS.tracking, at);
    text('Route', COLS.route, at);
    text('Charge', COLS.description, at);
    text('Amount', COLS.description, at, { width: COLS.amountRight - COLS.description, align: 'right' });
    doc
      .moveTo(PAGE.margin, at + 11)
      .lineTo(COLS.amountRight, at + 11)
      .lineWidth(0.5)
      .stroke('#000');
    doc.font('Helvetica').fontSize(8);
    return at + 15;
  };
  y = tableHeader(y);
  let pageTotal = 0;
  let carried = 0;
  const pageFoot = (last: boolean) => {
    doc.moveTo(PAGE.margin, FOOTER_Y).lineTo(COLS.amountRight, FOOTER_Y).lineWidth(0.5).stroke('#000');
    doc.font('Helvetica-Bold').fontSize(8);
    const label = carried ? `Page total ${dollars(pageTotal)}, brought forward ${dollars(carried)}, to date` : 'Page total';
    text(label, COLS.date, FOOTER_Y + 5, { width: 380 });
    text(dollars(pageTotal + carried), COLS.description, FOOTER_Y + 5, { width: COLS.amountRight - COLS.description, align: 'right' });
    doc.font('Helvetica').fontSize(8);
    if (!last) {
      carried += pageTotal;
      pageTotal = 0;
    }
  };
  let previous = '';
  for (const line of invoice.lines) {
    const first = line.deliveryId !== previous;
    const described = line.adjustmentReason
      ? `${line.description} (adjusted from ${dollars(line.pricedCents)}: ${line.adjustmentReason})`
      : line.description;
    const height = Math.max(
      doc.heightOfString(described, { width: COLS.amountRight - COLS.description - 60 }),
      first ? doc.heightOfString(line.route, { width: COLS.description - COLS.route - 8 }) : 0,
      first && line.reference ? 20 : 10,
    );
    if (y + height > FOOTER_Y - 4) {
      pageFoot(false);
      doc.addPage();
      y = tableHeader(PAGE.margin);
    }
    if (first) {
      text(line.date, COLS.date, y);
      text(line.trackingNumber, COLS.tracking, y);
      if (line.reference) text(`PO ${line.reference}`, COLS.tracking, y + 10, { width: COLS.route - COLS.tracking - 6 });
      text(line.route, COLS.route, y, { width: COLS.description - COLS.route - 8 });
    }
    text(described, COLS.description, y, { width: COLS.amountRight - COLS.description - 60 });
    text(dollars(line.amountCents), COLS.description, y, { width: COLS.amountRight - COLS.description, align: 'right' });
    pageTotal += line.amountCents;
    y += height + 4;
    previous = line.deliveryId;
  }
  pageFoot(true);

  // Totals and terms after the last row (on a page of their own when the last is full).
  if (y + 110 > FOOTER_Y) {
    doc.addPage();
    y = PAGE.margin;
  } else y += 8;
  const totals: [string, number][] = [
    ['Subtotal', invoice.subtotalCents],
    ['Credit notes', -invoice.creditedCents],
    ['Payments received', -invoice.paidCents],
    ['Balance due', invoice.balanceCents],
  ];
  totals.forEach(([label, cents], i) => {
    doc.font(i === totals.length - 1 ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    text(label, 380, y + i * 13, { width: 100 });
    text(dollars(cents), 480, y + i * 13, { width: COLS.amountRight - 480, align: 'right' });
  });
  doc.font('Helvetica').fontSize(8);
  const terms = invoice.dueDate
    ? `Terms: net ${invoice.termsDays} days. Please pay ${dollars(invoice.balanceCents)} by ${invoice.dueDate}, quoting ${invoice.number}.`
    : 'Draft for review: not a demand for payment.';
  text(terms, PAGE.margin, y + totals.length * 13 + 10, { width: COLS.amountRight - PAGE.margin });
  if (invoice.status === 'void') text(`VOID: ${invoice.voidReason ?? ''}`, PAGE.margin, y + totals.length * 13 + 24);
  doc.end();
  return done;
}
