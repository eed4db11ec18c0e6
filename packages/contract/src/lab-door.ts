import { z } from 'zod';
import { REJECTION_REASONS, SPECIMEN_CATEGORIES, TEMPERATURE_CLASSES, ZReceiptPage } from './medical.js';
import { PIECE_KINDS, PIECE_STATUSES } from './pieces.js';
import { line, note } from './text.js';

/**
 * The lab door: the deliveries one driver drops at one address in one visit (a manifest), reconciled piece by piece
 * by the receiving lab once; every piece not received opens a discrepancy case.
 */

/** What the lab answers for each piece; `unexpected` is a scanned barcode not on the manifest. */
export const LAB_PIECE_RESULTS = ['received', 'missing', 'damaged', 'rejected', 'unexpected'] as const;
export type TLabPieceResult = (typeof LAB_PIECE_RESULTS)[number];
export const LAB_PIECE_RESULT_LABELS: Record<TLabPieceResult, string> = {
  received: 'Received',
  missing: 'Missing',
  damaged: 'Damaged',
  rejected: 'Rejected',
  unexpected: 'Not on the manifest',
};
export const MANIFEST_ALREADY_RECONCILED = 'This manifest was already reconciled';
export const MANIFEST_MAX_RESULTS = 2000;

export const ZLabPieceAnswer = z.object({
  barcode: line('barcode', 64).min(1, 'barcode is required'),
  status: z.enum(LAB_PIECE_RESULTS, { error: `status must be one of ${LAB_PIECE_RESULTS.join(', ')}` }),
  reason: z.enum(REJECTION_REASONS, { error: `reason must be one of ${REJECTION_REASONS.join(', ')}` }).optional(),
  note: note('note', 500).optional(),
  /** When the piece was scanned or marked (defaults to the submission); kept between the delivery and now. */
  scannedAt: z.iso.datetime().optional(),
});
export type TLabPieceAnswer = z.infer<typeof ZLabPieceAnswer>;

/** POST /api/v1/receipts/{token} with pieces: the manifest's reconciliation; pieces left out count as missing. */
export const ZManifestReceiptRequest = z
  .object({
    pieces: z.array(ZLabPieceAnswer).min(1, 'pieces must list at least one piece').max(MANIFEST_MAX_RESULTS),
    receivedBy: line('receivedBy', 120).min(1, 'receivedBy is required'),
  })
  .superRefine((r, ctx) => {
    r.pieces.forEach((p, i) => {
      if (p.status === 'rejected' && !p.reason)
        ctx.addIssue({ code: 'custom', path: ['pieces', i, 'reason'], message: 'reason is required to reject' });
    });
  });
export type TManifestReceiptRequest = z.infer<typeof ZManifestReceiptRequest>;

export const ZManifestPiece = z.object({
  barcode: z.string(),
  seq: z.number().int(),
  kind: z.enum(PIECE_KINDS),
  description: z.string().nullable(),
  accession: z.string().nullable(),
  orderId: z.string(),
  /** The sending clinic (the account's name). */
  clinic: z.string(),
  temperature: z.enum(TEMPERATURE_CLASSES),
  specimenCategory: z.enum(SPECIMEN_CATEGORIES).nullable(),
  status: z.enum(PIECE_STATUSES),
  receivedAt: z.iso.datetime().nullable(),
});
export type TManifestPiece = z.infer<typeof ZManifestPiece>;

export const ZManifest = z.object({
  deliveries: z.array(z.object({ orderId: z.string(), clinic: z.string(), pieceCount: z.number().int(), reconciled: z.boolean() })),
  pieces: z.array(ZManifestPiece),
  /** Every delivery of the manifest has its receipt. */
  reconciled: z.boolean(),
});
export type TManifest = z.infer<typeof ZManifest>;

/** GET /api/v1/driver/manifests?date=: the driver's own manifests of one business day (default today). */
export const ZDriverManifestsQuery = z.object({
  date: z.iso.date({ error: 'date must be a day like 2026-03-31' }).optional(),
});
export type TDriverManifestsQuery = z.infer<typeof ZDriverManifestsQuery>;

export const ZDriverManifestPiece = z.object({
  barcode: z.string(),
  seq: z.number().int(),
  kind: z.enum(PIECE_KINDS),
  accession: z.string().nullable(),
  status: z.enum(PIECE_STATUSES),
});
export const ZDriverManifestDelivery = z.object({
  _id: z.string(),
  /** The tracking number. */
  orderId: z.string(),
  status: z.string(),
  /** The sending clinic (the account's name, else the sender's). */
  clinic: z.string(),
  pieceCount: z.number().int(),
  /** The lab has answered for it (its receipt). */
  reconciled: z.boolean(),
  pieces: z.array(ZDriverManifestPiece),
});
/** One stop's manifest: the deliveries the driver drops (or dropped) at one address that day, as the lab door groups them. */
export const ZDriverManifest = z.object({
  address: z.string(),
  deliveryCount: z.number().int(),
  pieceCount: z.number().int(),
  deliveries: z.array(ZDriverManifestDelivery),
});
export type TDriverManifest = z.infer<typeof ZDriverManifest>;
export const ZDriverManifestsResponse = z.object({
  success: z.literal(true),
  /** The business day answered (YYYY-MM-DD). */
  date: z.string(),
  data: z.array(ZDriverManifest),
});
export type TDriverManifestsResponse = z.infer<typeof ZDriverManifestsResponse>;

/** GET/POST /api/v1/receipts/{token}: today's one-parcel page, plus the manifest the delivery is part of. */
export const ZLabReceiptPage = ZReceiptPage.extend({ data: ZReceiptPage.shape.data.extend({ manifest: ZManifest }) });
export type TLabReceiptPage = z.infer<typeof ZLabReceiptPage>;
