import {
  REJECTION_REASON_LABELS,
  type TAdminDeliveryResponse,
  type TLabReceiptPage,
  type TManifestReceiptRequest,
  type TReceiptRequest,
  type TSpecimenCategory,
  type TTemperatureClass,
} from '@courier/contract';
import { eq } from 'drizzle-orm';
import { deliveries, proofsOfDelivery } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { type Actor, type Anonymous, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';
import { type ReceiptBy, recordReceiptOnDelivery } from '../deliveries/record-receipt-on-delivery.js';
import { toDispatchDeliveryJson } from '../dispatch/dispatch-reply.js';
import { openDiscrepancies } from '../discrepancies/open-discrepancies.js';
import { sendMedicalMessages } from '../messages/medical-messages.js';
import { readReceiptToken } from '../../shared/receipt-token.js';
import { recordPieceResults } from '../deliveries/record-piece-results.js';
import { manifestDeliveries, piecesOf, toManifestJson } from './manifest.js';
import { reconcileManifest } from './reconcile-manifest.js';

export const RECEIPT_LINK_INVALID = 'This receipt link is not valid';
export const RECEIPT_LINK_EXPIRED = 'This receipt link has expired (links work for 7 days after delivery)';

/** Records the receiving end's answer once (the delivery module writes it); a rejection tells the owner and staff. */
async function recordReceipt(services: Services, deliveryId: string, by: ReceiptBy, input: TReceiptRequest) {
  await services.db.transaction((tx) =>
    recordReceiptOnDelivery(tx, services, deliveryId, by, input, async (t, row) => {
      // The parcel's pieces still at the door are received, or rejected, with it.
      const open = (await piecesOf(t, [row.id])).filter((p) => p.status === 'delivered');
      const status = input.status === 'rejected' ? ('rejected' as const) : ('received' as const);
      await recordPieceResults(
        t,
        open.map((p) => ({ pieceId: p.id, status, at: row.updatedAt })),
        row.updatedAt,
      );
      if (input.status !== 'rejected') return;
      await sendMedicalMessages(t, services, row, 'rejected', row.updatedAt);
      // Today's one-parcel rejection is a difference like any piece's: it opens a case (dispatch and the owner were just told).
      const reason = input.reason ?? 'other';
      await openDiscrepancies(
        t,
        services,
        [
          {
            kind: reason === 'temperature' ? 'temperature' : 'rejected',
            deliveryId: row.id,
            reason,
            detail: `Rejected at the lab by ${input.receivedBy}: ${REJECTION_REASON_LABELS[reason]}${input.comment ? ` (${input.comment})` : ''}`,
          },
        ],
        { actorId: by.actorId, ip: by.ip, alreadyTold: true },
        row.updatedAt,
      );
    }),
  );
  services.outbox.kick();
}

/** The parcel a receipt link names (404 when the link is wrong or expired). */
export async function deliveryOfReceiptToken(services: Services, token: string) {
  const read = readReceiptToken(services.jwtKey, token, services.clock.now());
  if (!read) throw notFound(RECEIPT_LINK_INVALID);
  if (read.expired) throw notFound(RECEIPT_LINK_EXPIRED);
  const [d] = await services.db
    .select({ delivery: deliveries, deliveredAt: proofsOfDelivery.capturedAt })
    .from(deliveries)
    .leftJoin(proofsOfDelivery, eq(proofsOfDelivery.deliveryId, deliveries.id))
    .where(eq(deliveries.id, read.deliveryId));
  if (!d) throw notFound(RECEIPT_LINK_INVALID);
  return d;
}

/** GET /receipts/{token}: only what the receiving lab needs to find the parcel (no names, no addresses), and its manifest. */
export async function readReceiptPage(services: Services, _caller: Anonymous, input: { token: string }): Promise<TLabReceiptPage> {
  const { delivery: d, deliveredAt } = await deliveryOfReceiptToken(services, input.token);
  const members = await manifestDeliveries(services.db, d, services.env.BUSINESS_TZ);
  const manifest = toManifestJson(
    members,
    await piecesOf(
      services.db,
      members.map((m) => m.d.id),
    ),
  );
  return {
    success: true,
    data: {
      orderId: d.orderId,
      deliveredAt: deliveredAt?.toISOString() ?? null,
      temperature: d.temperature as TTemperatureClass,
      specimenCategory: (d.specimenCategory as TSpecimenCategory | null) ?? null,
      receipt:
        d.receiptStatus && d.receiptReceivedAt
          ? {
              status: d.receiptStatus as 'accepted' | 'rejected',
              reason: d.receiptReason,
              comment: d.receiptComment,
              receivedBy: d.receiptReceivedBy ?? '',
              receivedAt: d.receiptReceivedAt.toISOString(),
            }
          : null,
      manifest,
    },
  };
}

/** POST /receipts/{token}: the receiver's answer, once: the manifest piece by piece, or today's one-parcel yes or no. */
export async function submitReceipt(
  services: Services,
  caller: Anonymous,
  input: (TReceiptRequest | TManifestReceiptRequest) & { token: string },
): Promise<TLabReceiptPage> {
  const { delivery: d } = await deliveryOfReceiptToken(services, input.token);
  if ('pieces' in input) await reconcileManifest(services, caller, d, input);
  else await recordReceipt(services, d.id, { actorId: null, actorRole: 'RECEIVER', ip: caller.ip }, input);
  return readReceiptPage(services, caller, input);
}

/** POST /admin/deliveries/{id}/receipt: staff record what the lab told them (by phone, on paper). */
export async function recordReceiptForLab(
  services: Services,
  actor: Actor,
  input: TReceiptRequest & { idOrTrackingNumber: string },
): Promise<TAdminDeliveryResponse> {
  assertAudience(actor, 'staff');
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  await recordReceipt(services, d.id, { actorId: actor.id, actorRole: actor.role, ip: actor.ip }, input);
  return toDispatchDeliveryJson(services, actor, d.id, 'Receipt recorded');
}
