import { inflateSync } from 'node:zlib';
import {
  BarcodeFormat,
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { pdfText, TEST_NOW } from '../deliveries/delivery-test-kit.js';

interface PdfImage {
  width: number;
  height: number;
  /** Grey levels, one a pixel, transparency composited on white. */
  grey: Uint8ClampedArray;
}

/**
 * The images a PDF holds, in order: pdfkit stores a PNG with alpha as RGB (Flate) and its alpha as an SMask; the
 * test composites them on white, as the printed page shows them.
 */
function pdfImages(pdf: Buffer): PdfImage[] {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; data: Buffer }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const length = Number(/\/Length (\d+)/.exec(m[2])?.[1]);
    objects.set(Number(m[1]), { dict: m[2], data: Buffer.from(raw.slice(start, start + length), 'latin1') });
  }
  const images: PdfImage[] = [];
  for (const { dict, data } of objects.values()) {
    if (!/\/Subtype \/Image/.test(dict) || /\/ColorSpace \/DeviceGray/.test(dict)) continue;
    const width = Number(/\/Width (\d+)/.exec(dict)?.[1]);
    const height = Number(/\/Height (\d+)/.exec(dict)?.[1]);
    const rgb = inflateSync(data);
    const maskRef = /\/SMask (\d+) 0 R/.exec(dict)?.[1];
    const alpha = maskRef ? inflateSync(objects.get(Number(maskRef))!.data) : null;
    const grey = new Uint8ClampedArray(width * height);
    for (let i = 0; i < width * height; i++) {
      const lum = (rgb[i * 3] + rgb[i * 3 + 1] + rgb[i * 3 + 2]) / 3;
      const a = alpha ? alpha[i] / 255 : 1;
      grey[i] = lum * a + 255 * (1 - a);
    }
    images.push({ width, height, grey });
  }
  return images;
}

/**
 * What a scanner reads off an image (with a white quiet zone around it), or null. The image is the bare code as
 * embedded, so the reader is told so (PURE_BARCODE): zxing-js's finder-pattern search misses about one clean QR in a
 * hundred, which the pure-code path reads.
 */
function decode(img: PdfImage, reader: Code128Reader | QRCodeReader): string | null {
  const pad = 40;
  const w = img.width + 2 * pad;
  const h = img.height + 2 * pad;
  const pixels = new Uint8ClampedArray(w * h).fill(255);
  for (let y = 0; y < img.height; y++) pixels.set(img.grey.subarray(y * img.width, (y + 1) * img.width), (y + pad) * w + pad);
  try {
    const hints = new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE]],
      [DecodeHintType.PURE_BARCODE, reader instanceof QRCodeReader],
    ]);
    return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, w, h))), hints).getText();
  } catch {
    return null;
  }
}

describe('piece labels', () => {
  const t = useTestApp({ clock: fixedClock(TEST_NOW) });
  let auth: { authorization: string };
  let customerId: string;

  beforeAll(async () => {
    const { user } = await createUser(t.db, { firstName: 'Priya', lastName: 'Shah' });
    customerId = user.id;
    auth = await t.bearer(user);
  });

  const labelPdf = async (id: string) => {
    const { pdfUrl } = (await t.app.inject({ url: `/api/v1/deliveries/${id}/label`, headers: auth })).json().data;
    return (await t.app.inject(pdfUrl)).rawPayload;
  };
  const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

  it('prints one 4x6 page per piece, "Piece 2 of 3", whose Code 128 and QR decode to the piece barcode', async () => {
    const d = await createDelivery(t.db, {
      customerId,
      packageType: 'EQUIPMENT',
      pieces: [
        { kind: 'bag', accession: 'A-1001' },
        { kind: 'bag', accession: 'A-1002' },
        { kind: 'cooler', description: 'Frozen serum' },
      ],
    });
    const pdf = await labelPdf(d.id);
    expect(pages(pdf)).toBe(3);
    const text = pdfText(pdf);
    for (const words of ['Piece 1 of 3', 'Piece 2 of 3', 'Piece 3 of 3', 'Accession A-1001', 'Cooler | Frozen serum', `${d.orderId}-03`])
      expect(text).toContain(words);
    const images = pdfImages(pdf);
    expect(images).toHaveLength(6);
    const read = images.map((img) => decode(img, img.width === img.height ? new QRCodeReader() : new Code128Reader()));
    // Each page's two codes; pdfkit writes the objects in its own order.
    expect(read.sort()).toEqual([
      `${d.orderId}-01`,
      `${d.orderId}-01`,
      `${d.orderId}-02`,
      `${d.orderId}-02`,
      `${d.orderId}-03`,
      `${d.orderId}-03`,
    ]);
  });

  it('prints the handling marks on each piece, and the large handling page after the pieces', async () => {
    const d = await createDelivery(t.db, {
      customerId,
      packageType: 'SPECIMEN',
      handling: { priority: 'stat', temperature: 'refrigerated', specimenCategory: 'UN3373' },
      pieces: [{ kind: 'bag' }, { kind: 'bag' }],
    });
    const pdf = await labelPdf(d.id);
    expect(pages(pdf)).toBe(3);
    const text = pdfText(pdf);
    expect(text.split('STAT | REFRIGERATE 2-8 °C | UN3373').length - 1).toBe(2);
    expect(text).toContain(`${d.orderId}  HANDLING`);
  });
});
