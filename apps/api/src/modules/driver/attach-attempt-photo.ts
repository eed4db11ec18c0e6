import type { TDriverJobResponse } from '@courier/contract';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { deliveryAttempts } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { applyOnce } from '../../platform/idempotency.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';
import { cleanPackageImage } from '../deliveries/package-image.js';
import { toDriverJobJson } from '../../shared/driver-job-json.js';
import { storeEvidence } from './hand-over-evidence.js';

export const NO_ATTEMPT_TO_PHOTOGRAPH = 'There is no failed attempt of yours on this delivery to add a photo to';
export const ATTEMPT_PHOTO_MISSING = 'file: Take a photo of the drop-off';

/** The attempt-photo call's multipart body: one image part named "file". */
export async function readAttemptPhoto(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) throw badRequest('body: Send the photo as multipart/form-data', 'body');
  let photo: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const bytes = await part.toBuffer();
    if (part.fieldname === 'file' && bytes.length > 0) photo = bytes;
  }
  return photo;
}

/**
 * The photo of a failed drop (the closed door, the damaged box), sent after the attempt itself (the phone
 * may have queued both offline): it goes on the caller's latest attempt of this delivery. Same rules as
 * proof photos (JPEG, PNG or WebP up to 5 MB, metadata stripped); a retry with the same key applies once.
 */
export async function attachAttemptPhoto(
  services: Services,
  actor: Actor,
  input: { idOrTrackingNumber: string; photo: Buffer | null; idempotencyKey?: string },
): Promise<TDriverJobResponse> {
  assertAudience(actor, 'driver');
  const scope = `attempt-photo:${input.idOrTrackingNumber}`;
  return applyOnce(services, { actorId: actor.id, key: input.idempotencyKey, scope, request: { photo: input.photo } }, async (claim) => {
    const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
    if (!input.photo) throw badRequest(ATTEMPT_PHOTO_MISSING, 'file');
    const [attempt] = await services.db
      .select({ id: deliveryAttempts.id, n: deliveryAttempts.n, driverId: deliveryAttempts.driverId })
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryId, d.id))
      .orderBy(desc(deliveryAttempts.n))
      .limit(1);
    if (!attempt || attempt.driverId !== actor.id) throw conflict(NO_ATTEMPT_TO_PHOTOGRAPH);
    const image = await cleanPackageImage(input.photo, 'file');
    const now = services.clock.now();
    await services.db.transaction(async (tx) => {
      const fileId = await storeEvidence(tx, services, d.customerId, image, 'attempt_photo', now);
      await tx
        .update(deliveryAttempts)
        .set({ photoFileId: fileId })
        .where(and(eq(deliveryAttempts.id, attempt.id), eq(deliveryAttempts.driverId, actor.id)));
      await recordAudit(
        tx,
        {
          actorId: actor.id,
          action: 'delivery.attempt_photo',
          targetType: 'delivery',
          targetId: d.id,
          ip: actor.ip,
          details: { orderId: d.orderId, attempt: attempt.n },
        },
        now,
      );
      await claim?.(tx);
    });
    return toDriverJobJson(services, actor, d.id, 'Photo added to the attempt');
  });
}
