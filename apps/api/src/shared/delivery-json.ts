import type {
  TDelivery,
  TDeliveryDetail,
  TDeliveryPrice,
  TDeliveryStatus,
  TDeliveryType,
  TPackageSize,
  TPackageType,
} from '@courier/contract';
import type { DeliveryRow, JsonContext, LabelRow, PodRow } from './answer-types.js';
import { signedFileUrl } from './file-links.js';
import { toHandlingJson, type RawReading } from './handling-json.js';
import { type RawDiscrepancy, toDiscrepancySummaries } from './discrepancies-json.js';
import { type RawPiece, toPiecesJson } from './pieces-json.js';
import { type AttemptRow, toAttemptJson, type ReturnRow, toReturnProofJson } from './attempts-json.js';

export type { DeliveryRow, JsonContext, LabelRow, PodRow } from './answer-types.js';

/** A delivery with what hangs off it, as one query returns it. */
export interface DeliveryView {
  delivery: DeliveryRow;
  label: LabelRow | null;
  pod: PodRow | null;
  /** Failed attempts, oldest first. */
  attempts: AttemptRow[];
  /** The hand-back that ended a return. */
  handback: ReturnRow | null;
  /** The temperature readings, from the views' subquery; absent reads as none. */
  readings?: RawReading[] | null;
  /** The discrepancy cases, from the views' subquery; absent reads as none. */
  discrepancies?: RawDiscrepancy[] | null;
  /** The pieces, from the views' subquery; absent reads as none. */
  pieces?: RawPiece[] | null;
}

export const trackingUrlOf = (publicUrl: string, orderId: string) => `${publicUrl}/track/${orderId}`;

/** The parcel is still headed for its recipient (so an estimate means something). */
export const willArrive = (status: string) => !['cancelled', 'returning', 'returned'].includes(status);

const coords = (lat: number | null, lng: number | null) => (lat !== null && lng !== null ? { lat, lng } : null);

/** The proof of delivery as the customer, staff and the driver see it, its files as signed links. */
export function toPodJson(pod: PodRow, ctx: JsonContext) {
  const link = (fileId: string | null) => (fileId ? signedFileUrl(ctx.jwtKey, fileId, ctx.readerId, ctx.now) : null);
  return {
    photo: link(pod.photoFileId),
    signature: link(pod.signatureFileId),
    recipientName: pod.recipientName,
    timestamp: pod.capturedAt.toISOString(),
    notes: pod.notes,
  };
}

export function toLabelJson(label: LabelRow, ctx: JsonContext) {
  return {
    pdfUrl: signedFileUrl(ctx.jwtKey, label.pdfFileId, ctx.readerId, ctx.now),
    imageUrl: label.imageFileId ? signedFileUrl(ctx.jwtKey, label.imageFileId, ctx.readerId, ctx.now) : null,
    trackingCode: label.trackingCode,
    generatedAt: label.generatedAt.toISOString(),
  };
}

/** Once delivered, returned or cancelled, no line is added to a price. */
const PRICE_FINAL_STATUSES: readonly string[] = ['delivered', 'returned', 'cancelled'];

/** The stored price as its owner, the account's owners and staff read it; null while unpriced. */
export function toDeliveryPriceJson(
  d: Pick<DeliveryRow, 'pricing' | 'priceCents' | 'billableMilesTenths' | 'status'>,
): TDeliveryPrice | null {
  if (!d.pricing) return null;
  return {
    currency: 'USD',
    totalCents: d.priceCents ?? d.pricing.lines.reduce((sum, l) => sum + l.amountCents, 0),
    lines: d.pricing.lines,
    miles: (d.billableMilesTenths ?? Math.round(d.pricing.inputs.miles * 10)) / 10,
    rateCardId: d.pricing.rateCardId,
    rateCardVersion: d.pricing.rateCardVersion,
    final: PRICE_FINAL_STATUSES.includes(d.status),
  };
}

/** Prices are for the delivery's owner and staff (and, through the accounts module, the account's owners); never
 * a driver or the public. The answer's context says which reader it is for. */
const readsPrice = (d: Pick<DeliveryRow, 'customerId'>, ctx: JsonContext) => d.customerId === ctx.readerId || ctx.readerSeesPrices === true;

/** The delivery as its owner sees it (the contract's ZDelivery fields, whitelisted); never the row itself. */
export function toDeliveryJson(
  { delivery: d, label, pod, attempts, handback, readings, discrepancies, pieces }: DeliveryView,
  ctx: JsonContext,
): TDelivery {
  const link = (fileId: string | null) => (fileId ? signedFileUrl(ctx.jwtKey, fileId, ctx.readerId, ctx.now) : null);
  return {
    _id: d.id,
    orderId: d.orderId,
    senderPhone: d.senderPhone,
    pickupAddress: d.pickupAddress,
    recipientName: d.recipientName,
    recipientPhone: d.recipientPhone,
    recipientEmail: d.recipientEmail,
    deliveryAddress: d.deliveryAddress,
    requiredBy: d.requiredBy?.toISOString() ?? null,
    packageType: d.packageType as TPackageType,
    packageSize: d.packageSize as TPackageSize,
    deliveryType: d.deliveryType as TDeliveryType,
    specialInstructions: d.specialInstructions,
    status: d.status as TDeliveryStatus,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    // A cancelled or returned delivery will not arrive: no estimate (as on tracking).
    estimatedDelivery: !willArrive(d.status) ? null : (d.estimatedDelivery?.toISOString() ?? null),
    pickupCoords: coords(d.pickupLat, d.pickupLng),
    deliveryCoords: coords(d.deliveryLat, d.deliveryLng),
    packageImage: link(d.packageImageId),
    shippingLabel: label ? toLabelJson(label, ctx) : null,
    pod: pod ? toPodJson(pod, ctx) : null,
    trackingUrl: trackingUrlOf(ctx.publicUrl, d.orderId),
    attempts: attempts.map((a) => toAttemptJson(a, ctx)),
    returnProof: handback ? toReturnProofJson(handback, ctx) : null,
    ...toHandlingJson(d, readings),
    standingOrderId: d.standingOrderId,
    reference: d.reference,
    ...(readsPrice(d, ctx) ? { price: toDeliveryPriceJson(d) } : {}),
    discrepancies: toDiscrepancySummaries(discrepancies),
    pieces: toPiecesJson(pieces),
  };
}

/** The detail answer: the delivery plus its story, empty for a reader who is not the owner. */
export function toDeliveryDetailJson(
  view: DeliveryView,
  story: { timeline: TDeliveryDetail['timeline']; deliveredAt: string | null; cancelReason: string | null } | null,
  ctx: JsonContext,
): TDeliveryDetail {
  return {
    ...toDeliveryJson(view, ctx),
    timeline: story?.timeline ?? [],
    deliveredAt: story?.deliveredAt ?? null,
    cancelReason: story?.cancelReason ?? null,
  };
}
