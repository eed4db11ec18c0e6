import { ID_TYPE_LABELS, type TDriverJobResponse, ZIdCheck, ZProofOfDeliveryFields } from '@courier/contract';
import { proofsOfDelivery } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import { applyOnce } from '../../platform/idempotency.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { appendHandlingEvent } from '../deliveries/custody.js';
import { findDeliveryRow, moveDelivery } from '../deliveries/move-delivery.js';
import { cleanPackageImage } from '../deliveries/package-image.js';
import { deliverAllPieces, planPieceHandOver, writePieceHandOver } from '../deliveries/piece-handover.js';
import { holdOnDeliveryReading } from '../medical/delivery-reading.js';
import { openHandOverCases } from '../medical/piece-cases.js';
import { checkTemperatureGiven } from '../medical/pickup-checks.js';
import { recordReadings } from '../medical/record-readings.js';
import { toDriverJobJson, needsSignature } from '../../shared/driver-job-json.js';
import { cleanSignature, POD_NEEDS_EVIDENCE, POD_NEEDS_SIGNATURE, storeEvidence } from './hand-over-evidence.js';
import { recordReturnHandback } from './record-return-handback.js';

export { POD_NEEDS_EVIDENCE, POD_NEEDS_SIGNATURE } from './hand-over-evidence.js';

export interface ProofInput {
  idOrTrackingNumber: string;
  fields: Record<string, unknown>;
  photo: Buffer | null;
  signature: Buffer | null;
  idempotencyKey?: string;
}

/**
 * delivered is reached only here: the assigned driver hands the parcel over with a photo and/or the
 * recipient's signature (required for medication and medical supplies), the recipient's name and notes.
 * The proof, the move and its custody event commit together; a retry with the same key applies once.
 * On a returning parcel the same proof records the hand-back to the sender instead (returned).
 */
export async function recordProofOfDelivery(services: Services, actor: Actor, input: ProofInput): Promise<TDriverJobResponse> {
  assertAudience(actor, 'driver');
  const fields = ZProofOfDeliveryFields.parse(input.fields);
  const scope = `pod:${input.idOrTrackingNumber}`;
  return applyOnce(
    services,
    {
      actorId: actor.id,
      key: input.idempotencyKey,
      scope,
      request: { fields: input.fields, photo: input.photo, signature: input.signature },
    },
    async (claim) => {
      // A parcel on its way back: the same call records the hand-back to the sender (returned).
      const current = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
      if (current.status === 'returning') return recordReturnHandback(services, actor, { ...input, fields, claim });
      const moved = await moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'delivered' }, async (d) => {
        if (!input.photo && !input.signature) throw badRequest(POD_NEEDS_EVIDENCE, 'photo');
        if (needsSignature(d.packageType) && !input.signature) throw badRequest(POD_NEEDS_SIGNATURE, 'signature');
        checkTemperatureGiven(d, fields.temperatureC, 'delivery');
        // No ID, no hand-over: a controlled substance's receiver shows photo ID; only its type and last 4 are kept.
        const idCheck = d.controlledSubstance ? ZIdCheck.parse(fields) : null;
        // A reading out of range is kept and holds the parcel (its own transaction); the hand-over is refused.
        if (fields.temperatureC !== undefined) await holdOnDeliveryReading(services, actor, d, fields.temperatureC);
        const pieces = await planPieceHandOver(services, actor, d, fields, 'delivery');
        const photo = input.photo ? await cleanPackageImage(input.photo, 'photo') : null;
        const signature = input.signature ? await cleanSignature(input.signature) : null;
        const fix = fields.lat !== undefined && fields.lng !== undefined ? { lat: fields.lat, lng: fields.lng } : null;
        return {
          // The hand-over happens at the drop-off; a phone's fix, when sent, is kept in the custody event.
          place: { label: d.deliveryLabel, lat: fix?.lat ?? d.deliveryLat, lng: fix?.lng ?? d.deliveryLng },
          signedBy: fields.recipientName,
          note: `Delivered to ${fields.recipientName}${fields.notes ? `: ${fields.notes}` : ''}`,
          audit: {
            action: 'delivery.deliver',
            details: {
              recipientName: fields.recipientName,
              photo: !!photo,
              signature: !!signature,
              ...(pieces ? { scannedPieces: pieces.scanned.map((s) => s.piece.barcode) } : {}),
              ...(idCheck
                ? {
                    idType: idCheck.idType,
                    idLast4: idCheck.idLast4.toUpperCase(),
                    idName: idCheck.idName,
                    relationship: idCheck.relationship,
                  }
                : {}),
            },
          },
          within: async (tx, row) => {
            const at = row.updatedAt;
            await tx.insert(proofsOfDelivery).values({
              deliveryId: row.id,
              photoFileId: await storeEvidence(tx, services, row.customerId, photo, 'pod_photo', at),
              signatureFileId: await storeEvidence(tx, services, row.customerId, signature, 'pod_signature', at),
              recipientName: fields.recipientName,
              notes: fields.notes,
              capturedBy: actor.id,
              capturedAt: at,
            });
            if (fields.temperatureC !== undefined && row.temperature !== 'ambient')
              await recordReadings(
                tx,
                services,
                actor,
                row,
                { readings: [{ celsius: fields.temperatureC, at }], source: 'probe', context: 'delivery' },
                at,
              );
            if (idCheck)
              await appendHandlingEvent(
                tx,
                row,
                actor,
                'id_check',
                `ID checked: ${ID_TYPE_LABELS[idCheck.idType]} ending ${idCheck.idLast4.toUpperCase()}`,
                at,
              );
            if (pieces) {
              await writePieceHandOver(tx, services, actor, row, pieces);
              await openHandOverCases(tx, services, actor, pieces, row.id, at);
            } else await deliverAllPieces(tx, row.id, at);
            await claim?.(tx);
          },
        };
      });
      return toDriverJobJson(services, actor, moved.id, 'Delivered');
    },
  );
}
