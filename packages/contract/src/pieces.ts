import { z } from 'zod';
import type { TPackageType } from './deliveries.js';
import { line, note } from './text.js';

/**
 * Pieces: every bag, cooler and tube of a delivery, each with its own barcode (the tracking number and a
 * two-digit sequence, MC...-01) and label, scanned at every hand-over.
 */

export const PIECE_KINDS = ['bag', 'box', 'cooler', 'tote', 'tube', 'envelope'] as const;
export type TPieceKind = (typeof PIECE_KINDS)[number];
export const PIECE_KIND_LABELS: Record<TPieceKind, string> = {
  bag: 'Bag',
  box: 'Box',
  cooler: 'Cooler',
  tote: 'Tote',
  tube: 'Tube',
  envelope: 'Envelope',
};

export const PIECE_STATUSES = [
  'booked',
  'picked_up',
  'not_handed_over',
  'delivered',
  'received',
  'missing',
  'damaged',
  'rejected',
] as const;
export type TPieceStatus = (typeof PIECE_STATUSES)[number];
export const PIECE_STATUS_LABELS: Record<TPieceStatus, string> = {
  booked: 'Booked',
  picked_up: 'Picked up',
  not_handed_over: 'Not handed over',
  delivered: 'Delivered',
  received: 'Received',
  missing: 'Missing',
  damaged: 'Damaged',
  rejected: 'Rejected',
};

/** Why a driver left a piece behind at pickup. */
export const MISSING_PIECE_REASONS = ['not_ready', 'not_found', 'refused', 'other'] as const;
export type TMissingPieceReason = (typeof MISSING_PIECE_REASONS)[number];
export const MISSING_PIECE_REASON_LABELS: Record<TMissingPieceReason, string> = {
  not_ready: 'Not ready',
  not_found: 'Not found',
  refused: 'Refused',
  other: 'Other',
};

export const MAX_PIECES = 99;

/** The kind of the one piece a booking without `pieces` has, from its package type. */
export const DEFAULT_PIECE_KIND: Record<TPackageType, TPieceKind> = {
  DOCUMENT: 'envelope',
  PARCEL: 'box',
  MEDICAL_SUPPLIES: 'box',
  EQUIPMENT: 'box',
  MEDICATION: 'bag',
  SPECIMEN: 'bag',
  OTHER: 'box',
};

/** A piece's barcode: the tracking number, a dash and its two-digit sequence (MC...-01). */
export const pieceBarcode = (orderId: string, seq: number): string => `${orderId}-${String(seq).padStart(2, '0')}`;

/** A scanned piece barcode as stored: upper-cased, spaces dropped; the tracking number part tolerant as elsewhere. */
export function normalizePieceBarcode(raw: string): string {
  return raw.replace(/\s/g, '').toUpperCase();
}

/** One piece as a booking lists it. */
export const ZPieceRequest = z.object({
  /** Optional: a piece without a kind has the kind the package type suggests (DEFAULT_PIECE_KIND). */
  kind: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(PIECE_KINDS, { error: `Piece kind must be one of ${PIECE_KINDS.join(', ')}` }).optional(),
  ),
  description: line('Piece description', 200).optional(),
  /** The specimen's accession or requisition number, typed or scanned. */
  accession: line('Accession', 64).optional(),
  /** A controlled substance's count, with its unit. */
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .positive('Quantity must be more than 0')
    .max(1_000_000, 'Quantity must be at most 1000000')
    .optional(),
  unit: line('Unit', 20).optional(),
  /** A drug test's Custody and Control Form number. */
  ccfNumber: line('CCF number', 40).optional(),
});
export type TPieceRequest = z.infer<typeof ZPieceRequest>;

/** A booking's pieces: a list (or, from a form or a CSV cell, its JSON text or a count of like pieces). */
export const ZPiecesRequest = z
  .array(ZPieceRequest, { error: 'Pieces must be a list of pieces or a count' })
  .min(1, 'Pieces must list at least 1 piece')
  .max(MAX_PIECES, `Pieces must list at most ${MAX_PIECES} pieces`);

/** The piece as every delivery answer carries it. */
export const ZPiece = z.object({
  id: z.string(),
  seq: z.number().int(),
  barcode: z.string(),
  kind: z.enum(PIECE_KINDS),
  description: z.string().nullable(),
  accession: z.string().nullable(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  ccfNumber: z.string().nullable(),
  sealIntact: z.boolean().nullable(),
  status: z.enum(PIECE_STATUSES),
});
export type TPiece = z.infer<typeof ZPiece>;

/** A piece the driver did not take: named by its sequence, with why. */
export const ZMissingPiece = z
  .object({
    seq: z.coerce.number({ error: 'missingPieces.seq must be a piece number' }).int().min(1).max(MAX_PIECES),
    reason: z.enum(MISSING_PIECE_REASONS, { error: `missingPieces.reason must be one of ${MISSING_PIECE_REASONS.join(', ')}` }),
    note: note('missingPieces.note', 500).optional(),
  })
  .superRefine((m, ctx) => {
    if (m.reason === 'other' && !m.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'missingPieces.note is required for other' });
  });
export type TMissingPiece = z.infer<typeof ZMissingPiece>;

/** What a piece needs beyond a scan at a hand-over: a drug test's form and seal, a controlled substance's count. */
export const ZPieceCheck = z.object({
  barcode: line('pieceChecks.barcode', 40).min(1, 'pieceChecks.barcode is required'),
  ccfNumber: line('pieceChecks.ccfNumber', 40).optional(),
  sealIntact: z.boolean({ error: 'pieceChecks.sealIntact must be true or false' }).optional(),
  quantity: z.coerce.number({ error: 'pieceChecks.quantity must be a number' }).min(0).max(1_000_000).optional(),
});
export type TPieceCheck = z.infer<typeof ZPieceCheck>;

/** What a piece asks for at pickup beyond its scan: a drug test's form number and seal, a controlled substance's count. */
export function pieceNeeds(
  job: { specimen: { category: string } | null; controlledSubstance: boolean },
  piece: { quantity: number | null },
): { ccf: boolean; count: boolean } {
  return { ccf: job.specimen?.category === 'drug_test', count: job.controlledSubstance && piece.quantity !== null };
}

/** Two CCF numbers name the same form: spaces, dashes and case forgiven. */
export const sameCcfNumber = (a: string, b: string) => a.replace(/[\s-]/g, '').toUpperCase() === b.replace(/[\s-]/g, '').toUpperCase();

/** What a drug test refused at pickup (409 with the code) tells the driver, naming the bottle. */
export const DRUG_TEST_REFUSALS = {
  CCF_MISMATCH: (barcode: string) =>
    `The bottle ${barcode} and its Custody and Control Form carry different numbers: refused at pickup. It stays with the collector.`,
  SEAL_BROKEN: (barcode: string) => `The seal of ${barcode} is broken: refused at pickup. It stays with the collector.`,
} as const;

/** Multipart sends a list as the JSON text of one field. */
export const fromJsonListText = (v: unknown) => {
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return undefined;
    if (t.startsWith('[')) {
      try {
        return JSON.parse(t);
      } catch {
        return v;
      }
    }
  }
  return v;
};

export const ZScannedPieces = z.preprocess(
  fromJsonListText,
  z.array(line('scannedPieces', 40), { error: 'scannedPieces must be a list of piece barcodes' }).max(MAX_PIECES).optional(),
);
export const ZMissingPieces = z.preprocess(
  fromJsonListText,
  z.array(ZMissingPiece, { error: 'missingPieces must be a list' }).max(MAX_PIECES).optional(),
);
export const ZPieceChecks = z.preprocess(
  fromJsonListText,
  z.array(ZPieceCheck, { error: 'pieceChecks must be a list' }).max(MAX_PIECES).optional(),
);

/** The pieces of a booking from its submitted field: a list, its JSON text, or a count ("3") of like pieces. */
export const piecesFromField = (v: unknown): unknown => {
  if (v === undefined || v === null || v === '') return undefined;
  const count = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : null;
  if (count !== null) return Array.from({ length: Math.min(Math.max(0, Math.trunc(count)), MAX_PIECES + 1) }, () => ({}));
  return fromJsonListText(v);
};
