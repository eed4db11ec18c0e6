import { inflateSync } from 'node:zlib';
import type { TDeliveryPricing } from '@courier/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';

/** Test helpers for the delivery features (not a test file itself). */

/** A complete, valid signed-in delivery form, due the day after the tests' fixed Monday. */
export const validDeliveryForm = (): Record<string, string> => ({
  senderPhone: '+1 (617) 555-0100',
  pickupAddress: '55 Fruit St, Boston, MA 02114',
  recipientName: 'Jordan Lee',
  recipientPhone: '617-555-0199',
  recipientEmail: 'Jordan.Lee@Example.test',
  deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
  requiredBy: '2026-03-03T19:00:00.000Z',
  packageType: 'MEDICATION',
  packageSize: 'small',
  deliveryType: 'EXPRESS',
  specialInstructions: 'Keep refrigerated',
});

/** Monday 2026-03-02, 10:00 in New York. */
export const TEST_NOW = '2026-03-02T15:00:00Z';

/** A real JPEG carrying EXIF, as a phone camera would send it. */
export const jpegWithExif = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1', Copyright: 'Patient home 42.3601N 71.0589W' } })
    .toBuffer();

export const webpImage = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#2a6' } })
    .webp()
    .toBuffer();

export function multipartForm(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

/** The text a PDF shows: its content streams inflated and their string operands decoded. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const body = Buffer.from(m[1], 'latin1');
    try {
      streams.push(inflateSync(body).toString('latin1'));
    } catch {
      streams.push(m[1]);
    }
  }
  const text: string[] = [];
  for (const s of streams) {
    for (const t of s.matchAll(/<([0-9a-fA-F]+)>|\(((?:\\.|[^\\)])*)\)/g)) {
      text.push(t[1] ? Buffer.from(t[1], 'hex').toString('latin1') : t[2]);
    }
  }
  return text.join('');
}

/**
 * Tests only: stores a price on a booked delivery as the booking would, for suites (invoices, driver pay) that need
 * priced deliveries without going through a rate card. Writes through this module, the delivery row's owner.
 */
export async function storePricingForTest(db: DbOrTx, deliveryId: string, pricing: TDeliveryPricing, milesTenths = 0) {
  const priceCents = pricing.lines.reduce((sum, line) => sum + line.amountCents, 0);
  await db.update(deliveries).set({ pricing, priceCents, billableMilesTenths: milesTenths }).where(eq(deliveries.id, deliveryId));
}
