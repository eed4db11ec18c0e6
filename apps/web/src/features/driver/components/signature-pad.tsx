import { Eraser } from 'lucide-react';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';

export interface TSignaturePadHandle {
  /** The signature as a PNG, or null when nothing was drawn. */
  toBlob(): Promise<Blob | null>;
  clear(): void;
}

/** The recipient signs on the phone's screen with a finger (signature_pad on a canvas). */
export const SignatureField = forwardRef<TSignaturePadHandle, { label: string; invalid?: boolean; onChange?: (empty: boolean) => void }>(
  function SignatureField({ label, invalid, onChange }, ref) {
    const canvas = useRef<HTMLCanvasElement>(null);
    const pad = useRef<SignaturePad | null>(null);
    const changed = useRef(onChange);
    changed.current = onChange;

    useEffect(() => {
      const element = canvas.current;
      if (!element) return;
      const signature = new SignaturePad(element, { penColor: '#0f172a', backgroundColor: 'rgb(255,255,255)' });
      pad.current = signature;
      // Sharp lines on high-density screens: size the bitmap to the CSS box times the pixel ratio.
      const fit = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const data = signature.toData();
        element.width = element.offsetWidth * ratio;
        element.height = element.offsetHeight * ratio;
        element.getContext('2d')?.scale(ratio, ratio);
        signature.clear();
        signature.fromData(data);
      };
      fit();
      const onEnd = () => changed.current?.(signature.isEmpty());
      signature.addEventListener('endStroke', onEnd);
      window.addEventListener('resize', fit);
      return () => {
        signature.removeEventListener('endStroke', onEnd);
        window.removeEventListener('resize', fit);
        signature.off();
        pad.current = null;
      };
    }, []);

    useImperativeHandle(ref, () => ({
      toBlob: () =>
        new Promise((resolve) => {
          if (!pad.current || pad.current.isEmpty() || !canvas.current) return resolve(null);
          canvas.current.toBlob((blob) => resolve(blob), 'image/png');
        }),
      clear: () => {
        pad.current?.clear();
        changed.current?.(true);
      },
    }));

    return (
      <div>
        <div className="mb-1.5 flex items-center justify-between">
          <span className="text-sm font-medium text-slate-700">{label}</span>
          <button
            type="button"
            onClick={() => {
              pad.current?.clear();
              changed.current?.(true);
            }}
            className="inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            <Eraser aria-hidden="true" className="size-4" />
            Clear
          </button>
        </div>
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${label}: sign here with a finger`}
          data-testid="signature-pad"
          className={`h-44 w-full touch-none rounded-xl border-2 border-dashed bg-white ${invalid ? 'border-red-400' : 'border-slate-300'}`}
        />
      </div>
    );
  },
);
