import { DRUG_TEST_REFUSALS, pieceNeeds, sameCcfNumber, type TDriverJob, type TPieceCheck } from '@courier/contract';
import { ApiError } from '@/lib/api-client';

/** What the driver entered for one scanned piece: the form's CCF number, the seal, the count (as typed). */
export interface TPieceEntry {
  ccfNumber?: string;
  sealIntact?: boolean;
  count?: string;
}
export type TPieceEntries = Record<string, TPieceEntry>;

type TJobPiece = TDriverJob['pieces'][number];

export const needsMoreThanAScan = (job: TDriverJob, piece: TJobPiece) => {
  const needs = pieceNeeds(job, piece);
  return needs.ccf || needs.count;
};

/** Each piece is scanned in the list (not the one number) when there are several, or one needs more than a scan. */
export const scansEachPiece = (job: TDriverJob) => job.pieces.length > 1 || job.pieces.some((p) => needsMoreThanAScan(job, p));

const readCount = (typed: string | undefined) => {
  const text = typed?.trim().replace(',', '.') ?? '';
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
};

/** The first thing missing from the scanned pieces' checks, in the driver's words; null when all is there. */
export function checksProblem(job: TDriverJob, scanned: readonly string[], entries: TPieceEntries): string | null {
  for (const piece of job.pieces) {
    if (!scanned.includes(piece.barcode)) continue;
    const needs = pieceNeeds(job, piece);
    const entry = entries[piece.barcode] ?? {};
    if (needs.ccf && !entry.ccfNumber?.trim()) return `Piece ${piece.seq}: type the CCF number from its form.`;
    if (needs.ccf && entry.sealIntact === undefined) return `Piece ${piece.seq}: say whether the seal is intact.`;
    if (needs.count && readCount(entry.count) === null) return `Piece ${piece.seq}: count it (${piece.unit ?? 'units'}).`;
  }
  return null;
}

/** The pickup's `pieceChecks`: one for each scanned piece that needs more than a scan. */
export function pieceChecksOf(job: TDriverJob, scanned: readonly string[], entries: TPieceEntries): TPieceCheck[] {
  return job.pieces
    .filter((p) => scanned.includes(p.barcode) && needsMoreThanAScan(job, p))
    .map((p) => {
      const needs = pieceNeeds(job, p);
      const entry = entries[p.barcode] ?? {};
      const count = needs.count ? readCount(entry.count) : null;
      return {
        barcode: p.barcode,
        ...(needs.ccf ? { ccfNumber: entry.ccfNumber?.trim(), sealIntact: entry.sealIntact } : {}),
        ...(count !== null ? { quantity: count } : {}),
      };
    });
}

/**
 * A drug test refused at pickup (409 CCF_MISMATCH or SEAL_BROKEN): the contract's words for the code, naming the
 * bottle that was refused; null for any other failure.
 */
export function drugTestRefusal(error: unknown, job: TDriverJob, checks: readonly TPieceCheck[]): string | null {
  if (!(error instanceof ApiError)) return null;
  const code = error.code;
  if (code !== 'CCF_MISMATCH' && code !== 'SEAL_BROKEN') return null;
  const refused =
    code === 'SEAL_BROKEN'
      ? checks.find((c) => c.sealIntact === false)
      : checks.find((c) => {
          const expected = job.pieces.find((p) => p.barcode === c.barcode)?.ccfNumber;
          return expected && c.ccfNumber && !sameCcfNumber(expected, c.ccfNumber);
        });
  return DRUG_TEST_REFUSALS[code](refused?.barcode ?? checks[0]?.barcode ?? job.orderId);
}
