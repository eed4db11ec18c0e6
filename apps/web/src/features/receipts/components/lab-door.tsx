import {
  LAB_PIECE_RESULT_LABELS,
  PIECE_KIND_LABELS,
  PIECE_STATUS_LABELS,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  TEMPERATURE_SHORT,
  type TLabPieceAnswer,
  type TLabPieceResult,
  type TManifest,
  type TRejectionReason,
} from '@courier/contract';
import clsx from 'clsx';
import { type FormEvent, memo, useCallback, useMemo, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useSubmitReceipt } from '../api/receipt';

type TMark = { status: TLabPieceResult; reason?: TRejectionReason; note?: string; scannedAt: string };
type TFlash = { tone: 'ok' | 'warn' | 'error'; text: string } | null;

const TONE_STYLE = { ok: 'bg-emerald-100 text-emerald-900', warn: 'bg-amber-100 text-amber-900', error: 'bg-red-100 text-red-900' };
const TONE_HZ = { ok: 880, warn: 440, error: 220 };

let audio: AudioContext | null = null;

/**
 * A short beep per scan result (high: on the manifest; low: not on it), where the browser lets the page play sound.
 * One audio context for the page (a new one per scan is costly, and browsers cap how many may live), started after
 * the scan's answer is painted so the sound never holds the colour back.
 */
function beep(tone: keyof typeof TONE_HZ) {
  if (typeof window.requestAnimationFrame !== 'function') return;
  window.requestAnimationFrame(() =>
    setTimeout(() => {
      try {
        if (!window.AudioContext) return;
        audio ??= new window.AudioContext();
        if (audio.state === 'suspended') void audio.resume();
        const osc = audio.createOscillator();
        osc.frequency.value = TONE_HZ[tone];
        osc.connect(audio.destination);
        osc.start();
        osc.stop(audio.currentTime + 0.08);
      } catch {
        // No sound: the colour and the words still say it.
      }
    }, 0),
  );
}

/**
 * The receiving lab's door: a field that keeps focus takes a hand scanner's keystrokes (each barcode ends in Enter),
 * answers each at once from local state with a sound and a colour; taps do the same for a piece without a label.
 */
export function LabDoor({ token, manifest }: { token: string; manifest: TManifest }) {
  const submit = useSubmitReceipt(token);
  const [marks, setMarks] = useState<Record<string, TMark>>({});
  const [flash, setFlash] = useState<TFlash>(null);
  const [scan, setScan] = useState('');
  const [receivedBy, setReceivedBy] = useState('');
  const [error, setError] = useState<string | null>(null);
  const scanner = useRef<HTMLInputElement>(null);
  const expected = useMemo(() => new Map(manifest.pieces.map((p) => [p.barcode.toUpperCase(), p])), [manifest.pieces]);
  const open = manifest.pieces.filter((p) => p.status !== 'not_handed_over');
  const counted = open.filter((p) => marks[p.barcode.toUpperCase()]).length;
  const unexpected = Object.entries(marks).filter(([b]) => !expected.has(b));

  const mark = useCallback(
    (barcode: string, m: Omit<TMark, 'scannedAt'>) =>
      setMarks((all) => ({ ...all, [barcode.toUpperCase()]: { ...m, scannedAt: new Date().toISOString() } })),
    [],
  );

  const onScan = () => {
    const code = scan.trim().toUpperCase();
    setScan('');
    if (!code) return;
    const piece = expected.get(code);
    if (!piece) {
      mark(code, { status: 'unexpected' });
      setFlash({ tone: 'error', text: `${code}: not on this manifest, recorded as unexpected` });
      beep('error');
    } else if (piece.status === 'not_handed_over') {
      mark(code, { status: 'unexpected', note: 'left at the clinic at pickup, yet here' });
      setFlash({ tone: 'warn', text: `${code}: was left at the clinic at pickup` });
      beep('warn');
    } else {
      mark(code, { status: 'received' });
      setFlash({ tone: 'ok', text: `${code}: received (${piece.clinic}${piece.accession ? `, ${piece.accession}` : ''})` });
      beep('ok');
    }
    scanner.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const pieces: TLabPieceAnswer[] = [
      ...open.map((p) => {
        const m = marks[p.barcode.toUpperCase()];
        return m
          ? { barcode: p.barcode, status: m.status, reason: m.reason, note: m.note, scannedAt: m.scannedAt }
          : { barcode: p.barcode, status: 'missing' as const };
      }),
      ...unexpected.map(([barcode, m]) => ({ barcode, status: 'unexpected' as const, note: m.note, scannedAt: m.scannedAt })),
    ];
    try {
      await submit.mutateAsync({ receivedBy: receivedBy.trim(), pieces });
    } catch (e) {
      setError(errorMessage(e, 'The receipt could not be recorded. Please try again.'));
    }
  };

  if (manifest.reconciled)
    return (
      <div className="mt-6 space-y-3">
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
          This manifest is reconciled. Thank you.
        </p>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {manifest.pieces.map((p) => (
            <li key={p.barcode} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
              <span className="font-mono">{p.barcode}</span>
              <span className={clsx('font-semibold', p.status !== 'received' && 'text-red-800')}>{PIECE_STATUS_LABELS[p.status]}</span>
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4">
      <p className="text-sm text-slate-700">
        {manifest.deliveries.length} deliveries, {open.length} pieces expected. Scan each label; tap for a piece you cannot scan.
      </p>
      <div>
        <label htmlFor="lab-scan" className="block text-sm font-medium text-slate-800">
          Scan a piece
        </label>
        <input
          id="lab-scan"
          ref={scanner}
          // biome-ignore lint/a11y/noAutofocus: a hand scanner types into the focused field; the page exists to take scans
          autoFocus
          autoComplete="off"
          value={scan}
          onChange={(e) => setScan(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onScan();
            }
          }}
          className="mt-1 block h-12 w-full rounded-lg border-2 border-brand-500 px-3 font-mono text-lg focus:outline-none"
        />
        <p
          role="status"
          aria-live="polite"
          className={clsx('mt-2 min-h-10 rounded-lg px-3 py-2 text-sm font-semibold', flash && TONE_STYLE[flash.tone])}
        >
          {flash?.text ?? ''}
        </p>
        <p className="text-sm text-slate-700">
          <span data-testid="lab-count">{counted}</span> of {open.length} accounted for
          {unexpected.length > 0 && `, ${unexpected.length} not on the manifest`}
        </p>
      </div>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {manifest.pieces.map((p) => (
          <PieceRow key={p.barcode} piece={p} mark={marks[p.barcode.toUpperCase()]} onMark={mark} />
        ))}
      </ul>
      <label className="block text-sm font-medium text-slate-800">
        Received by
        <input
          required
          value={receivedBy}
          onChange={(e) => setReceivedBy(e.target.value)}
          className="mt-1 block h-10 w-full rounded-lg border border-slate-300 px-3"
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass({ className: 'w-full' })} disabled={submit.isPending || !receivedBy.trim()}>
        {`Submit: ${open.length - counted} not scanned will be marked missing`}
      </button>
    </form>
  );
}

/** One expected piece: what it is, what the scan or a tap made of it; drawn again only when its own mark changes. */
const PieceRow = memo(function PieceRow({
  piece: p,
  mark: m,
  onMark,
}: {
  piece: TManifest['pieces'][number];
  mark: TMark | undefined;
  onMark: (barcode: string, m: Omit<TMark, 'scannedAt'>) => void;
}) {
  const left = p.status === 'not_handed_over';
  return (
    <li data-barcode={p.barcode} className={clsx('px-3 py-2 text-sm', m && (m.status === 'received' ? 'bg-emerald-50' : 'bg-amber-50'))}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold">{p.barcode}</span>
        <span className="text-slate-700">
          {p.clinic} · {PIECE_KIND_LABELS[p.kind]}
          {p.accession ? ` · ${p.accession}` : ''} · {TEMPERATURE_SHORT[p.temperature]}
        </span>
        <span className="ml-auto font-semibold">{left ? 'Left at the clinic' : m ? LAB_PIECE_RESULT_LABELS[m.status] : 'Expected'}</span>
      </div>
      {!left && (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {(['received', 'damaged', 'missing'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              onClick={() => onMark(p.barcode, { status: s })}
            >
              {LAB_PIECE_RESULT_LABELS[s]}
              <span className="sr-only"> {p.barcode}</span>
            </button>
          ))}
          <label className="text-xs text-slate-700">
            Reject {p.barcode}
            <select
              className="ml-1 h-8 rounded border border-slate-300 text-sm"
              value={m?.status === 'rejected' ? m.reason : ''}
              onChange={(e) => e.target.value && onMark(p.barcode, { status: 'rejected', reason: e.target.value as TRejectionReason })}
            >
              <option value="">Reason…</option>
              {REJECTION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REJECTION_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </li>
  );
});
