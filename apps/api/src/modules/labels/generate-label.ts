import { mayHaveLabel, pieceBarcode } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, shippingLabels, storedFiles, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayReadDelivery, readsAsStaff } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { DELIVERY_NOT_FOUND, deliveryKey } from '../deliveries/deliveries.queries.js';
import { type DeliveryRow, type LabelRow, toLabelJson, trackingUrlOf } from '../../shared/delivery-json.js';
import { readPieces } from '../deliveries/piece-handover.js';
import { labelCodes } from './label-codes.js';

export const CANCELLED_HAS_NO_LABEL = 'A cancelled delivery has no shipping label';

import { labelContent } from './label-content.js';
import { renderLabelPdf } from './label-pdf.js';
import { renderLabelPng } from './label-png.js';

async function existingLabel(db: DbOrTx, deliveryId: string): Promise<LabelRow | undefined> {
  const [label] = await db.select().from(shippingLabels).where(eq(shippingLabels.deliveryId, deliveryId)).limit(1);
  return label;
}

async function storeFile(
  tx: DbOrTx,
  services: Services,
  d: DeliveryRow,
  file: { bytes: Buffer; kind: 'label_pdf' | 'label_image' },
  at: Date,
) {
  const ext = file.kind === 'label_pdf' ? 'pdf' : 'png';
  const path = await services.storage.put(file.bytes, ext);
  const [row] = await tx
    .insert(storedFiles)
    .values({
      ownerId: d.customerId,
      kind: file.kind,
      contentType: ext === 'pdf' ? 'application/pdf' : 'image/png',
      size: file.bytes.length,
      path,
      createdAt: at,
    })
    .returning({ id: storedFiles.id });
  return row.id;
}

/**
 * The delivery's shipping label, made on first ask and the same one ever after. The owner or staff may ask;
 * anyone else gets the delivery's 404. Concurrent first asks queue on the delivery row's lock, so only one
 * label (and one pair of files) is ever made; the primary key on shipping_labels backs that up.
 */
async function ensureLabel(services: Services, actor: Actor, input: { idOrTrackingNumber: string }): Promise<LabelRow> {
  const { db, clock } = services;
  const key = deliveryKey(input.idOrTrackingNumber);
  if (!key) throw notFound(DELIVERY_NOT_FOUND);
  const [found] = await db
    .select({
      id: deliveries.id,
      customerId: deliveries.customerId,
      accountId: deliveries.accountId,
      driverId: deliveries.driverId,
      status: deliveries.status,
    })
    .from(deliveries)
    .where(key)
    .limit(1);
  if (!found || !mayReadDelivery(actor, found)) throw notFound(DELIVERY_NOT_FOUND);
  const byStaff = readsAsStaff(actor, found);

  const label = await db.transaction(async (tx) => {
    const [d] = await tx.select().from(deliveries).where(eq(deliveries.id, found.id)).for('update');
    // A label is for a parcel that can still be delivered: once cancelled, not even one made before is handed out.
    if (!mayHaveLabel(d.status)) throw new AppError('DELIVERY_CANCELLED', CANCELLED_HAS_NO_LABEL);
    const existing = await existingLabel(tx, d.id);
    if (existing) return existing;

    const now = clock.now();
    const [sender] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, organisation: users.organisation, phone: users.phone })
      .from(users)
      .where(eq(users.id, d.customerId));
    const trackingUrl = trackingUrlOf(services.publicUrl, d.orderId);
    const content = labelContent(d, sender, { trackingUrl, generatedAt: now, timeZone: services.env.BUSINESS_TZ });
    const pieces = await readPieces(tx, d.id);
    // A delivery always has a piece; one booked before pieces reads as its one.
    const listed = pieces.length
      ? pieces
      : [{ seq: 1, barcode: pieceBarcode(d.orderId, 1), kind: 'box', accession: null, description: null }];
    const pages = await Promise.all(
      listed.map(async (p) => ({
        piece: { seq: p.seq, total: listed.length, barcode: p.barcode, kind: p.kind, accession: p.accession, description: p.description },
        codes: await labelCodes(p.barcode, p.barcode),
      })),
    );
    const [pdf, png] = await Promise.all([renderLabelPdf(content, pages, now), renderLabelPng(content, pages[0].codes)]);
    const pdfFileId = await storeFile(tx, services, d, { bytes: pdf, kind: 'label_pdf' }, now);
    const imageFileId = await storeFile(tx, services, d, { bytes: png, kind: 'label_image' }, now);
    const [made] = await tx
      .insert(shippingLabels)
      .values({ deliveryId: d.id, trackingCode: d.orderId, pdfFileId, imageFileId, generatedAt: now })
      .onConflictDoNothing()
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'label.generate',
        targetType: 'delivery',
        targetId: d.id,
        ip: actor.ip,
        details: { orderId: d.orderId },
      },
      now,
    );
    return made ?? (await existingLabel(tx, d.id))!;
  });
  if (byStaff) {
    // Every staff read of a customer's delivery leaves an audit row.
    await recordAudit(
      db,
      { actorId: actor.id, action: 'label.read', targetType: 'delivery', targetId: found.id, ip: actor.ip },
      clock.now(),
    );
  }
  return label;
}

/** The label as the label page reads it, with signed links to its files. */
export async function generateLabel(services: Services, actor: Actor, input: { idOrTrackingNumber: string }) {
  const label = await ensureLabel(services, actor, input);
  return {
    success: true as const,
    data: toLabelJson(label, { jwtKey: services.jwtKey, now: services.clock.now(), readerId: actor.id, publicUrl: services.publicUrl }),
  };
}
