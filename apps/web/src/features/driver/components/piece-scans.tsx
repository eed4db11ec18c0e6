import {
  MISSING_PIECE_REASON_LABELS,
  MISSING_PIECE_REASONS,
  normalizePieceBarcode,
  PIECE_KIND_LABELS,
  type TDriverJob,
  type TMissingPieceReason,
} from '@courier/contract';
import { CheckCircle2, Circle } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { inputClass } from '@/components/ui/form-controls';
import { toast } from '@/lib/toast';
import { checksProblem, pieceChecksOf, type TPieceEntries, type TPieceEntry } from '../lib/piece-checks';
import { readTrackingNumber } from '../lib/read-tracking-number';
import { PieceCheckFields } from './piece-check-fields';

/** The pieces scanned so far (with what a drug test or a count needs), and those the driver leaves behind with a reason. */
export function usePieceScans() {
  const [scanned, setScanned] = useState<string[]>([]);
  const [left, setLeft] = useState<Record<number, TMissingPieceReason>>({});
  const [entries, setEntries] = useState<TPieceEntries>({});
  const scan = useCallback((job: TDriverJob, raw: string) => {
    const code = normalizePieceBarcode(raw);
    // A one-piece job's label may be read as its tracking number.
    const one = job.pieces.length === 1 && readTrackingNumber(raw) === job.orderId ? job.pieces[0] : undefined;
    const piece = job.pieces.find((p) => p.barcode === code) ?? one;
    if (!piece) {
      toast.error(`This label reads ${code}: it is not one of this job's pieces. Check the parcel.`);
      return;
    }
    setScanned((s) => (s.includes(piece.barcode) ? s : [...s, piece.barcode]));
    setLeft(({ [piece.seq]: _gone, ...rest }) => rest);
  }, []);
  return useMemo(
    () => ({
      scanned,
      left,
      entries,
      scan,
      enter: (barcode: string, patch: TPieceEntry) => setEntries((e) => ({ ...e, [barcode]: { ...e[barcode], ...patch } })),
      leave: (seq: number, reason: string) =>
        setLeft(({ [seq]: _was, ...rest }) => (reason ? { ...rest, [seq]: reason as TMissingPieceReason } : rest)),
      /** Every piece must be scanned or left with a reason, and at least one scanned. */
      problem: (job: TDriverJob) => {
        const open = job.pieces.filter((p) => !scanned.includes(p.barcode) && !left[p.seq]);
        if (open.length) return `Scan every piece or say why it stays (left: ${open.map((p) => p.seq).join(', ')}).`;
        return scanned.length ? checksProblem(job, scanned, entries) : 'Scan at least one piece.';
      },
      body: (job: TDriverJob) => ({
        scannedPieces: scanned,
        missingPieces: job.pieces
          .filter((p) => !scanned.includes(p.barcode) && left[p.seq])
          .map((p) => ({ seq: p.seq, reason: left[p.seq], ...(left[p.seq] === 'other' ? { note: 'Left at pickup' } : {}) })),
        ...(pieceChecksOf(job, scanned, entries).length ? { pieceChecks: pieceChecksOf(job, scanned, entries) } : {}),
      }),
    }),
    [scanned, left, entries, scan],
  );
}

/** Each piece of the job: scanned (camera, hand scanner or typed), or left behind with a reason. */
export function PieceScanList({ job, state }: { job: TDriverJob; state: ReturnType<typeof usePieceScans> }) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const done = state.scanned.length;
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Piece barcode ({done} of {job.pieces.length} scanned)
        </label>
        <input
          id={inputId}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (typed.trim()) state.scan(job, typed);
            setTyped('');
          }}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="MC…-01, then Enter"
          className={inputClass({ className: 'h-14 font-mono text-lg tracking-wider uppercase' })}
        />
      </div>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {job.pieces.map((p) => {
          const isScanned = state.scanned.includes(p.barcode);
          return (
            <li key={p.id} className="flex flex-wrap items-center gap-2 p-3">
              {isScanned ? (
                <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-700" />
              ) : (
                <Circle aria-hidden="true" className="size-5 text-slate-500" />
              )}
              <span className="font-medium text-slate-900">
                Piece {p.seq} · {PIECE_KIND_LABELS[p.kind]}
                {p.accession ? ` · ${p.accession}` : ''}
              </span>
              <span className="text-sm text-slate-700">{isScanned ? 'Scanned' : state.left[p.seq] ? 'Stays behind' : 'To scan'}</span>
              {!isScanned && (
                <label className="ml-auto text-sm text-slate-700">
                  <span className="sr-only">Why piece {p.seq} stays</span>
                  <select
                    value={state.left[p.seq] ?? ''}
                    onChange={(e) => state.leave(p.seq, e.target.value)}
                    className={inputClass({ className: 'h-10' })}
                  >
                    <option value="">Not left behind</option>
                    {MISSING_PIECE_REASONS.map((r) => (
                      <option key={r} value={r}>
                        Leave: {MISSING_PIECE_REASON_LABELS[r]}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {isScanned && (
                <PieceCheckFields
                  job={job}
                  piece={p}
                  entry={state.entries[p.barcode] ?? {}}
                  onChange={(patch) => state.enter(p.barcode, patch)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
