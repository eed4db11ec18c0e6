import type { TDriverJobResponse, TProofOfDeliveryFields } from '@courier/contract';
import type { Tx } from '../../db/client.js';
import { deliveryReturns } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { moveDelivery } from '../deliveries/move-delivery.js';
import { cleanPackageImage } from '../deliveries/package-image.js';
import { toDriverJobJson, needsSignature } from '../../shared/driver-job-json.js';
import { cleanSignature, POD_NEEDS_EVIDENCE, POD_NEEDS_SIGNATURE, storeEvidence } from './hand-over-evidence.js';

export interface HandbackInput {
  idOrTrackingNumber: string;
  fields: TProofOfDeliveryFields;
  photo: Buffer | null;
  signature: Buffer | null;
  claim?: (tx: Tx) => Promise<void>;
}

/**
 * A return ends where it began: the driver hands the parcel back at the pickup address, with the name of
 * who took it and a photo and/or signature (a signature for medication and medical supplies, as at
 * delivery). The proof, the move to returned and its custody event commit together.
 */
export async function recordReturnHandback(services: Services, actor: Actor, input: HandbackInput): Promise<TDriverJobResponse> {
  const { fields } = input;
  const moved = await moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'returned' }, async (d) => {
    if (!input.photo && !input.signature) throw badRequest(POD_NEEDS_EVIDENCE, 'photo');
    if (needsSignature(d.packageType) && !input.signature) throw badRequest(POD_NEEDS_SIGNATURE, 'signature');
    const photo = input.photo ? await cleanPackageImage(input.photo, 'photo') : null;
    const signature = input.signature ? await cleanSignature(input.signature) : null;
    const fix = fields.lat !== undefined && fields.lng !== undefined ? { lat: fields.lat, lng: fields.lng } : null;
    return {
      place: { label: d.pickupLabel, lat: fix?.lat ?? d.pickupLat, lng: fix?.lng ?? d.pickupLng },
      note: `Returned to sender, received by ${fields.recipientName}${fields.notes ? `: ${fields.notes}` : ''}`,
      audit: { action: 'delivery.returned', details: { receivedBy: fields.recipientName, photo: !!photo, signature: !!signature } },
      within: async (tx, row) => {
        const at = row.updatedAt;
        await tx.insert(deliveryReturns).values({
          deliveryId: row.id,
          photoFileId: await storeEvidence(tx, services, row.customerId, photo, 'return_photo', at),
          signatureFileId: await storeEvidence(tx, services, row.customerId, signature, 'return_signature', at),
          receivedBy: fields.recipientName,
          notes: fields.notes,
          capturedBy: actor.id,
          capturedAt: at,
        });
        await input.claim?.(tx);
      },
    };
  });
  return toDriverJobJson(services, actor, moved.id, 'Returned to sender');
}
