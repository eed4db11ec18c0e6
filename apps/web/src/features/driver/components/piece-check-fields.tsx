import { pieceNeeds, type TDriverJob } from '@courier/contract';
import { useId } from 'react';
import { inputClass } from '@/components/ui/form-controls';
import type { TPieceEntry } from '../lib/piece-checks';

type TJobPiece = TDriverJob['pieces'][number];

/**
 * What a scanned piece needs beyond its scan, next to it: a drug test's CCF number (typed from its form) and
 * whether its seal is intact; a controlled substance's count in its unit.
 */
export function PieceCheckFields({
  job,
  piece,
  entry,
  onChange,
}: {
  job: TDriverJob;
  piece: TJobPiece;
  entry: TPieceEntry;
  onChange: (patch: TPieceEntry) => void;
}) {
  const id = useId();
  const needs = pieceNeeds(job, piece);
  if (!needs.ccf && !needs.count) return null;
  return (
    <div className="grid w-full gap-3 pl-7 sm:grid-cols-2">
      {needs.ccf && (
        <>
          <div>
            <label htmlFor={`${id}-ccf`} className="mb-1 block text-sm font-medium text-slate-700">
              CCF number of piece {piece.seq}
            </label>
            <input
              id={`${id}-ccf`}
              value={entry.ccfNumber ?? ''}
              onChange={(e) => onChange({ ccfNumber: e.target.value })}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              placeholder="From the form"
              className={inputClass({ className: 'h-12 font-mono uppercase' })}
            />
          </div>
          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-slate-700">Seal intact? (piece {piece.seq})</legend>
            <div className="flex gap-2">
              {[
                { value: true, label: 'Yes, intact' },
                { value: false, label: 'No, broken' },
              ].map((o) => (
                <label
                  key={String(o.value)}
                  className="flex h-12 flex-1 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-checked:border-slate-900 has-checked:bg-slate-100"
                >
                  <input
                    type="radio"
                    name={`${id}-seal`}
                    checked={entry.sealIntact === o.value}
                    onChange={() => onChange({ sealIntact: o.value })}
                    className="size-4"
                  />
                  {o.label}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
      {needs.count && (
        <div>
          <label htmlFor={`${id}-count`} className="mb-1 block text-sm font-medium text-slate-700">
            Count of piece {piece.seq} ({piece.unit ?? 'units'})
          </label>
          <input
            id={`${id}-count`}
            value={entry.count ?? ''}
            onChange={(e) => onChange({ count: e.target.value })}
            inputMode="decimal"
            autoComplete="off"
            placeholder="Count them"
            className={inputClass({ className: 'h-12 text-lg' })}
          />
        </div>
      )}
    </div>
  );
}
