import type { TPiece, TPieceKind, TPieceStatus } from '@courier/contract';
import { sql } from 'drizzle-orm';
import { deliveries, deliveryPieces } from '../db/schema/index.js';

/** A piece as the views' subquery returns it (JSON: numbers and strings). */
export interface RawPiece {
  id: string;
  seq: number;
  barcode: string;
  kind: string;
  description: string | null;
  accession: string | null;
  quantity: number | null;
  unit: string | null;
  ccfNumber: string | null;
  sealIntact: boolean | null;
  status: string;
}

/** A delivery's pieces in order, as one subquery beside the row (like the readings). */
export const piecesColumn = sql<RawPiece[] | null>`(
  select json_agg(json_build_object(
    'id', ${deliveryPieces.id},
    'seq', ${deliveryPieces.seq},
    'barcode', ${deliveryPieces.barcode},
    'kind', ${deliveryPieces.kind},
    'description', ${deliveryPieces.description},
    'accession', ${deliveryPieces.accession},
    'quantity', ${deliveryPieces.quantity},
    'unit', ${deliveryPieces.unit},
    'ccfNumber', ${deliveryPieces.ccfNumber},
    'sealIntact', ${deliveryPieces.sealIntact},
    'status', ${deliveryPieces.status}
  ) order by ${deliveryPieces.seq})
  from ${deliveryPieces} where ${deliveryPieces.deliveryId} = ${deliveries.id}
)`;

export function toPiecesJson(pieces: RawPiece[] | null | undefined): TPiece[] {
  return (pieces ?? []).map((p) => ({
    id: p.id,
    seq: Number(p.seq),
    barcode: p.barcode,
    kind: p.kind as TPieceKind,
    description: p.description,
    accession: p.accession,
    quantity: p.quantity === null ? null : Number(p.quantity),
    unit: p.unit,
    ccfNumber: p.ccfNumber,
    sealIntact: p.sealIntact,
    status: p.status as TPieceStatus,
  }));
}
