import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deliveries, deliveryAttempts, deliveryReturns, proofsOfDelivery, shippingLabels, storedFiles } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { type Actor, mayReadFile } from '../../platform/policy.js';
import type { Services } from '../../services.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export interface StoredFileDownload {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** The delivery a file belongs to: its package image, label, proof of delivery, a failed attempt's photo or the hand-back's. */
async function deliveryOfFile(db: Db, fileId: string) {
  const [attempt] = await db
    .select({ orderId: deliveries.orderId, customerId: deliveries.customerId, driverId: deliveries.driverId })
    .from(deliveryAttempts)
    .innerJoin(deliveries, eq(deliveries.id, deliveryAttempts.deliveryId))
    .where(eq(deliveryAttempts.photoFileId, fileId))
    .limit(1);
  if (attempt) return attempt;
  const [handback] = await db
    .select({ orderId: deliveries.orderId, customerId: deliveries.customerId, driverId: deliveries.driverId })
    .from(deliveryReturns)
    .innerJoin(deliveries, eq(deliveries.id, deliveryReturns.deliveryId))
    .where(or(eq(deliveryReturns.photoFileId, fileId), eq(deliveryReturns.signatureFileId, fileId)))
    .limit(1);
  if (handback) return handback;
  const [row] = await db
    .select({ orderId: deliveries.orderId, customerId: deliveries.customerId, driverId: deliveries.driverId })
    .from(deliveries)
    .leftJoin(shippingLabels, eq(shippingLabels.deliveryId, deliveries.id))
    .leftJoin(proofsOfDelivery, eq(proofsOfDelivery.deliveryId, deliveries.id))
    .where(
      or(
        eq(deliveries.packageImageId, fileId),
        eq(shippingLabels.pdfFileId, fileId),
        eq(shippingLabels.imageFileId, fileId),
        eq(proofsOfDelivery.photoFileId, fileId),
        eq(proofsOfDelivery.signatureFileId, fileId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * A stored file for a reader who holds a valid signed link (`reader: 'signed'`) or is the delivery's owner,
 * its assigned driver or staff. Anyone else gets the same 404 as for a file that does not exist.
 */
export async function readStoredFile(
  { db, storage }: Services,
  reader: Actor | 'signed',
  { fileId }: { fileId: string },
): Promise<StoredFileDownload> {
  if (!UUID.test(fileId)) throw notFound('File not found');
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId)).limit(1);
  if (!file) throw notFound('File not found');
  const delivery = await deliveryOfFile(db, fileId);
  if (reader !== 'signed') {
    if (!mayReadFile(reader, { delivery, uploaderId: file.ownerId })) throw notFound('File not found');
  }
  let bytes: Buffer;
  try {
    bytes = await storage.get(file.path);
  } catch {
    throw notFound('File not found');
  }
  const stem = `${file.kind.replace('_', '-')}${delivery ? `-${delivery.orderId}` : ''}`;
  return { bytes, contentType: file.contentType, fileName: `${stem}.${EXTENSIONS[file.contentType] ?? 'bin'}` };
}
