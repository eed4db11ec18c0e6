import { MAX_PIECES, PIECE_KIND_LABELS, PIECE_KINDS } from '@courier/contract';
import { Field, inputClass } from '@/components/ui/form-controls';

/** One piece as the form holds it: a kind ('' for the package type's own) and an accession or requisition number. */
export interface TPieceDraft {
  kind: string;
  accession: string;
}

export const ONE_PIECE: TPieceDraft[] = [{ kind: '', accession: '' }];

/** The booking's pieces as the API takes them: omitted for one unnamed piece (the server's default). */
export function piecesPayload(pieces: readonly TPieceDraft[]) {
  if (pieces.length === 1 && !pieces[0].kind && !pieces[0].accession.trim()) return undefined;
  return pieces.map((p) => ({ ...(p.kind ? { kind: p.kind } : {}), ...(p.accession.trim() ? { accession: p.accession.trim() } : {}) }));
}

/**
 * "How many pieces?": the bags, boxes and coolers handed to the driver, each with its own label; for a specimen
 * the accession or requisition number, typed or read by a hand scanner (which types it and presses Enter).
 */
export function PiecesFields({ pieces, onChange }: { pieces: TPieceDraft[]; onChange: (pieces: TPieceDraft[]) => void }) {
  const resize = (raw: string) => {
    const n = Math.min(MAX_PIECES, Math.max(1, Math.trunc(Number(raw)) || 1));
    onChange(Array.from({ length: n }, (_, i) => pieces[i] ?? { kind: pieces[0]?.kind ?? '', accession: '' }));
  };
  const set = (i: number, change: Partial<TPieceDraft>) => onChange(pieces.map((p, j) => (j === i ? { ...p, ...change } : p)));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Pieces</legend>
      <Field id="pieceCount" label="How many pieces?" hint="Each bag, box or cooler gets its own label and is scanned at every hand-over.">
        <input
          id="pieceCount"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PIECES}
          value={pieces.length}
          onChange={(e) => resize(e.target.value)}
          className={inputClass()}
        />
      </Field>
      <ol className="space-y-2">
        {pieces.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a piece is its place in the list
          <li key={i} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[8rem_1fr]">
            <div>
              <label htmlFor={`piece-${i + 1}-kind`} className="mb-1 block text-xs font-medium text-slate-600">
                Piece {i + 1} kind
              </label>
              <select id={`piece-${i + 1}-kind`} value={p.kind} onChange={(e) => set(i, { kind: e.target.value })} className={inputClass()}>
                <option value="">As the package</option>
                {PIECE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {PIECE_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`piece-${i + 1}-accession`} className="mb-1 block text-xs font-medium text-slate-600">
                Piece {i + 1} accession or requisition number <span className="font-normal text-slate-500">(optional; type or scan)</span>
              </label>
              <input
                id={`piece-${i + 1}-accession`}
                value={p.accession}
                maxLength={64}
                autoComplete="off"
                onChange={(e) => set(i, { accession: e.target.value })}
                // A hand scanner ends with Enter: move on to the next piece instead of submitting the form.
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  document.getElementById(`piece-${i + 2}-accession`)?.focus();
                }}
                className={inputClass()}
              />
            </div>
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
