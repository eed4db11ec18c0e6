import { PIECE_KIND_LABELS, type TDriverJob, ZBindLoggerRequest } from '@courier/contract';
import { Radio } from 'lucide-react';
import { useId, useState } from 'react';
import { inputClass } from '@/components/ui/form-controls';
import { toast } from '@/lib/toast';
import { newMoveKey } from '../lib/outbox-store';
import { useQueueMove } from '../lib/use-outbox';

/**
 * The logger in the parcel's cooler, scanned (a hand scanner types it) or typed onto the parcel: from then its own
 * readings count for it and a warm spell holds it without anyone typing a probe reading. A job of several pieces
 * may say which one the logger travels in (the readings still count for the whole parcel). Queued like every move.
 */
export function LoggerScan({ job }: { job: Pick<TDriverJob, '_id' | 'orderId' | 'pieces'> }) {
  const queueMove = useQueueMove();
  const [typed, setTyped] = useState('');
  const [piece, setPiece] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const bind = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZBindLoggerRequest.safeParse({ loggerId: typed, piece: piece || undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the logger ID');
      return;
    }
    const body = parsed.data;
    const outcome = await queueMove({
      deliveryId: job._id,
      orderId: job.orderId,
      queuedAt: new Date().toISOString(),
      kind: 'logger',
      key: newMoveKey(),
      body,
    });
    if (outcome === 'refused') return;
    setTyped('');
    setPiece('');
    toast[outcome === 'sent' ? 'success' : 'info'](
      outcome === 'sent'
        ? `Logger ${body.loggerId} travels ${body.piece ? `in ${body.piece}` : 'with the parcel'}`
        : `Logger ${body.loggerId} saved on this phone; it will be sent when the network returns.`,
    );
  };
  return (
    <form noValidate className="mt-3 flex flex-wrap items-end gap-2" onSubmit={(e) => void bind(e)}>
      <div className="min-w-48 flex-1">
        <label htmlFor={id} className="mb-1 flex items-center gap-1 text-sm font-medium text-slate-700">
          <Radio aria-hidden="true" className="size-4" />
          Logger in the cooler (scan or type its ID)
        </label>
        <input
          id={id}
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(e) => {
            setTyped(e.target.value);
            setError(null);
          }}
          className={inputClass({ invalid: !!error, className: 'h-12 text-lg' })}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      {job.pieces.length > 1 && (
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-piece`} className="mb-1 block text-sm font-medium text-slate-700">
            In which piece
          </label>
          <select id={`${id}-piece`} value={piece} onChange={(e) => setPiece(e.target.value)} className={inputClass({ className: 'h-12' })}>
            <option value="">The whole parcel</option>
            {job.pieces.map((p) => (
              <option key={p.id} value={p.barcode}>
                {p.barcode} · {PIECE_KIND_LABELS[p.kind]}
                {p.accession ? ` · ${p.accession}` : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit" className="h-12 rounded-lg border border-sky-700 px-4 font-semibold text-sky-800 active:bg-sky-100">
        Bind
      </button>
    </form>
  );
}
