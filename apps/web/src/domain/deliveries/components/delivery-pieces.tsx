import { PIECE_KIND_LABELS, PIECE_STATUS_LABELS, type TPiece, type TPieceStatus } from '@courier/contract';
import clsx from 'clsx';
import { Boxes } from 'lucide-react';
import { DetailCard } from '@/components/ui/detail-card';

const TROUBLE: readonly TPieceStatus[] = ['not_handed_over', 'missing', 'damaged', 'rejected'];

/**
 * Each piece of a delivery (bag, cooler, tube...) with its barcode, accession and where it is now: picked up, left at
 * the clinic, received at the lab, missing, damaged. Shown when there is more than one piece, or when a piece went wrong.
 */
export function DeliveryPieces({ pieces }: { pieces: TPiece[] | undefined }) {
  if (!pieces?.length) return null;
  if (pieces.length === 1 && !TROUBLE.includes(pieces[0].status)) return null;
  return (
    <DetailCard title={`Pieces (${pieces.length})`} icon={Boxes}>
      <ul className="divide-y divide-slate-100">
        {pieces.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
            <span className="font-mono text-xs font-semibold break-all text-slate-900">{p.barcode}</span>
            <span className="text-slate-700">
              {PIECE_KIND_LABELS[p.kind]}
              {p.accession ? ` · ${p.accession}` : ''}
              {p.description ? ` · ${p.description}` : ''}
            </span>
            <span
              className={clsx(
                'ml-auto rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
                TROUBLE.includes(p.status) ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-800',
              )}
            >
              {PIECE_STATUS_LABELS[p.status]}
            </span>
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}
