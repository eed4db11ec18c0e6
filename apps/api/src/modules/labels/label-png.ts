import { headerMark, type LabelContent } from './label-content.js';
import { LABEL } from './label-layout.js';

/** Thermal label printers print 203 dots an inch: 812 x 1218 pixels for 4x6 in. */
const DPI = 203;

const xml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** Greedy word wrap by an average Helvetica glyph width; good enough for a preview image. */
function wrap(text: string, widthPt: number, size: number, maxLines: number): string[] {
  const perLine = Math.max(8, Math.floor(widthPt / (size * 0.53)));
  const lines: string[] = [];
  let line = '';
  // A word longer than a line (a link) is cut into line-long pieces.
  const words = text.split(/\s+/).flatMap((w) => w.match(new RegExp(`.{1,${perLine}}`, 'g')) ?? []);
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1].slice(0, perLine - 1)}…`;
  }
  return lines;
}

/** The same label as a PNG preview, drawn as SVG and rasterised by sharp. */
export async function renderLabelPng(c: LabelContent, codes: { barcode: Buffer; qr: Buffer }): Promise<Buffer> {
  const m = LABEL.margin;
  const inner = LABEL.width - 2 * m;
  const parts: string[] = [];
  const text = (s: string, x: number, y: number, size: number, opts: { bold?: boolean; fill?: string; anchor?: string } = {}) =>
    parts.push(
      `<text x="${x}" y="${y + size * 0.8}" font-size="${size}" font-weight="${opts.bold ? 700 : 400}" fill="${opts.fill ?? '#000'}"${opts.anchor ? ` text-anchor="${opts.anchor}"` : ''}>${xml(s)}</text>`,
    );
  const block = (s: string, x: number, y: number, size: number, width: number, lines: number, bold = false) => {
    for (const [i, l] of wrap(s, width, size, lines).entries()) text(l, x, y + i * size * 1.15, size, { bold });
  };
  const rule = (y: number, w = 1) =>
    parts.push(`<line x1="${m}" y1="${y}" x2="${LABEL.width - m}" y2="${y}" stroke="#000" stroke-width="${w}"/>`);
  const image = (png: Buffer, x: number, y: number, w: number, h: number) =>
    parts.push(
      `<image x="${x}" y="${y}" width="${w}" height="${h}" preserveAspectRatio="none" href="data:image/png;base64,${png.toString('base64')}"/>`,
    );

  text(c.company, m, LABEL.header.y + 4, 15, { bold: true });
  parts.push(`<rect x="${LABEL.width - m - 110}" y="${LABEL.header.y}" width="110" height="24" fill="#000"/>`);
  const mark = headerMark(c);
  text(mark.text, LABEL.width - m - 55, LABEL.header.y + 12 - mark.size / 2, mark.size, { bold: true, fill: '#fff', anchor: 'middle' });
  rule(LABEL.header.rule, 1.5);

  text('FROM', m, LABEL.from.y, 7, { bold: true, fill: '#444' });
  const org = c.from.organisation;
  const shift = org ? 11 : 0;
  if (org) block(org, m, LABEL.from.y + 10, 9, inner, 1, true);
  block(c.from.name, m, LABEL.from.y + 10 + shift, org ? 8.5 : 9, inner, 1, true);
  text(c.from.phone, m, LABEL.from.y + 22 + shift, 8);
  block(c.from.address, m, LABEL.from.y + 33 + shift, 8, inner, org ? 1 : 2);
  rule(LABEL.from.rule);

  text('SHIP TO', m, LABEL.to.y, 7, { bold: true, fill: '#444' });
  block(c.to.name, m, LABEL.to.y + 11, 14, inner, 1, true);
  text(c.to.phone, m, LABEL.to.y + 30, 10);
  block(c.to.address, m, LABEL.to.y + 45, 11, inner, 3, true);
  rule(LABEL.to.rule, 1.5);

  text('PACKAGE', m, LABEL.details.y, 7, { bold: true, fill: '#444' });
  block(`${c.packageType}  |  ${c.packageSize}  |  ${c.service}`, m, LABEL.details.y + 9, 8.5, inner, 1);
  block(`Required by: ${c.requiredBy}`, m, LABEL.details.y + 21, 8.5, inner, 1, true);
  rule(LABEL.details.rule);

  const b = LABEL.barcode;
  image(codes.barcode, b.x, b.y, b.width, b.height);
  text(c.trackingCode, LABEL.width / 2, b.textY, 13, { bold: true, anchor: 'middle' });
  rule(b.rule);

  image(codes.qr, LABEL.qr.x, LABEL.qr.y, LABEL.qr.size, LABEL.qr.size);
  const f = LABEL.footer;
  text('Track this delivery', f.x, f.y, 8, { bold: true });
  block(c.trackingUrl, f.x, f.y + 12, 7, f.width, 3);
  text(`Label generated ${c.generatedAt}`, f.x, f.y + 44, 7, { fill: '#444' });

  const px = (pt: number) => Math.round((pt / 72) * DPI);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${px(LABEL.width)}" height="${px(LABEL.height)}" viewBox="0 0 ${LABEL.width} ${LABEL.height}" font-family="Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
}
