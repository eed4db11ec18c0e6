/** The 4x6 in label in PDF points (72 a inch); both renderers place things on this grid. */
export const LABEL = {
  width: 288,
  height: 432,
  margin: 14,
  header: { y: 14, rule: 44 },
  from: { y: 50, rule: 110 },
  to: { y: 116, rule: 210 },
  details: { y: 216, rule: 252 },
  barcode: { x: 24, y: 258, width: 240, height: 62, textY: 326, rule: 346 },
  qr: { x: 14, y: 352, size: 66 },
  footer: { x: 92, y: 356, width: 182 },
} as const;
