import {
  nextDriverStatus,
  SIGNATURE_REQUIRED_PACKAGE_TYPES,
  type TDeliveryType,
  type TDriverJob,
  type TDriverJobResponse,
  type TPackageSize,
  type TPackageType,
} from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { deliveries, proofsOfDelivery, users } from '../db/schema/index.js';
import type { Services } from '../services.js';
import { type AttemptRow, toAttemptJson, attemptsColumn } from './attempts-json.js';
import { type DeliveryRow, type JsonContext, type PodRow, toPodJson } from './delivery-json.js';
import { toHandlingJson, type RawReading, readingsColumn } from './handling-json.js';
import { piecesColumn, type RawPiece, toPiecesJson } from './pieces-json.js';
import { collectFromOf, type HolderRow, holderColumn } from './collect-from.js';

const coords = (lat: number | null, lng: number | null) => (lat !== null && lng !== null ? { lat, lng } : null);

export const needsSignature = (packageType: string) => (SIGNATURE_REQUIRED_PACKAGE_TYPES as readonly string[]).includes(packageType);

export interface JobView {
  delivery: DeliveryRow;
  pod: PodRow | null;
  senderName: string;
  attempts: AttemptRow[];
  readings?: RawReading[] | null;
  pieces?: RawPiece[] | null;
  holder?: HolderRow | null;
}

/** A job as the driver's phone shows it: addresses and phones the run needs, no customer account details. */
export function toDriverJob(
  { delivery: d, pod, senderName, attempts, readings, pieces, holder }: JobView,
  routeOrder: number,
  ctx: JsonContext,
): TDriverJob {
  // Going back: the sender's address is the drop-off, and the sender takes it.
  const back = d.status === 'returning' || d.status === 'returned';
  const collectFrom = collectFromOf(d, attempts, holder);
  return {
    _id: d.id,
    orderId: d.orderId,
    status: d.status,
    nextStatus: nextDriverStatus(d.status),
    routeOrder,
    senderName,
    senderPhone: d.senderPhone,
    pickupAddress: d.pickupAddress,
    pickupCoords: coords(d.pickupLat, d.pickupLng),
    recipientName: back ? senderName : d.recipientName,
    recipientPhone: back ? d.senderPhone : d.recipientPhone,
    deliveryAddress: back ? d.pickupAddress : d.deliveryAddress,
    deliveryCoords: back ? coords(d.pickupLat, d.pickupLng) : coords(d.deliveryLat, d.deliveryLng),
    requiredBy: d.requiredBy?.toISOString() ?? null,
    packageType: d.packageType as TPackageType,
    packageSize: d.packageSize as TPackageSize,
    deliveryType: d.deliveryType as TDeliveryType,
    specialInstructions: d.specialInstructions,
    requiresSignature: needsSignature(d.packageType),
    pod: pod ? toPodJson(pod, ctx) : null,
    attempts: attempts.map((a) => toAttemptJson(a, ctx)),
    collectFrom: collectFrom ? (collectFrom.driverName ?? 'the previous driver') : null,
    plannedArrival: d.plannedArrival?.toISOString() ?? null,
    plannedOrder: d.plannedOrder ?? null,
    // Never the price: a driver's job carries no money.
    pickupArrivedAt: d.pickupArrivedAt?.toISOString() ?? null,
    dropoffArrivedAt: d.dropoffArrivedAt?.toISOString() ?? null,
    ...toHandlingJson(d, readings),
    pieces: toPiecesJson(pieces),
  };
}

export function selectJobViews(db: DbOrTx) {
  return db
    .select({
      delivery: deliveries,
      pod: proofsOfDelivery,
      firstName: users.firstName,
      lastName: users.lastName,
      attempts: attemptsColumn,
      readings: readingsColumn,
      pieces: piecesColumn,
      holder: holderColumn,
    })
    .from(deliveries)
    .innerJoin(users, eq(users.id, deliveries.customerId))
    .leftJoin(proofsOfDelivery, eq(proofsOfDelivery.deliveryId, deliveries.id));
}

export const jobViewOf = (r: {
  delivery: DeliveryRow;
  pod: PodRow | null;
  firstName: string;
  lastName: string;
  attempts: AttemptRow[];
  readings?: RawReading[] | null;
  pieces?: RawPiece[] | null;
  holder?: HolderRow | null;
}): JobView => ({
  delivery: r.delivery,
  pod: r.pod,
  attempts: r.attempts,
  readings: r.readings,
  pieces: r.pieces,
  holder: r.holder,
  senderName: `${r.firstName} ${r.lastName}`.trim(),
});

/** The answer of a driver's move: the job as it now stands. */
export async function toDriverJobJson(
  services: Services,
  driver: { id: string },
  deliveryId: string,
  message: string,
): Promise<TDriverJobResponse> {
  const [row] = await selectJobViews(services.db).where(eq(deliveries.id, deliveryId)).limit(1);
  const ctx = { jwtKey: services.jwtKey, now: services.clock.now(), readerId: driver.id, publicUrl: services.publicUrl };
  return { success: true, message, data: toDriverJob(jobViewOf(row), 0, ctx) };
}
