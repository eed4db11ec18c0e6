import { DEFAULT_PIECE_KIND, pieceBarcode, type TCreateDeliveryRequest, type TPackageType, type TPieceRequest } from '@courier/contract';
import type { Tx } from '../../db/client.js';
import { deliveryPieces } from '../../db/schema/index.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

/** The piece rows a booking writes: those it listed, else one of the kind its package type suggests. */
export function bookedPieceRows(row: DeliveryRow, form: Pick<TCreateDeliveryRequest, 'packageType' | 'pieces'>, at: Date) {
  const fallback = DEFAULT_PIECE_KIND[form.packageType as TPackageType] ?? 'box';
  const listed: TPieceRequest[] = form.pieces?.length ? form.pieces : [{}];
  return listed.map((p, i) => ({
    deliveryId: row.id,
    seq: i + 1,
    barcode: pieceBarcode(row.orderId, i + 1),
    kind: p.kind ?? fallback,
    description: p.description || null,
    accession: p.accession || null,
    quantity: p.quantity ?? null,
    unit: p.unit || null,
    ccfNumber: p.ccfNumber || null,
    status: 'booked' as const,
    createdAt: at,
    updatedAt: at,
  }));
}

/** Every booking's pieces in one insert (the caller's transaction). */
export async function writeBookedPieces(
  tx: Tx,
  booked: readonly { row: DeliveryRow; form: Pick<TCreateDeliveryRequest, 'packageType' | 'pieces'>; at: Date }[],
) {
  const values = booked.flatMap(({ row, form, at }) => bookedPieceRows(row, form, at));
  if (values.length > 0) await tx.insert(deliveryPieces).values(values);
}
