import { Camera, CameraOff, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { startLabelReader } from '../lib/label-reader';

/** Whether this browser can open a camera at all (typing stays the fallback everywhere). */
export const cameraAvailable = (): boolean => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

type TState = 'off' | 'starting' | 'on';

/**
 * Reads the label's Code 128 or QR code with the back camera through ZXing (loaded only when the camera is
 * turned on, so the other pages do not carry it); hands over the first value read.
 */
export function LabelScanner({ onRead }: { onRead: (value: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<TState>('off');
  const [problem, setProblem] = useState('');
  const wanted = state !== 'off';

  useEffect(() => {
    if (!wanted || !video.current) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    let read = false;
    startLabelReader(video.current, (value) => {
      read = true;
      onRead(value);
      setState('off');
    })
      .then((controls) => {
        // A code read at once (before the camera's start resolved) or a stop meanwhile: nothing more to show.
        if (cancelled || read) return controls.stop();
        stop = controls.stop;
        setState('on');
      })
      .catch(() => {
        if (cancelled) return;
        setProblem('The camera is not available: type the number instead.');
        setState('off');
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [wanted, onRead]);

  if (!cameraAvailable()) return null;
  return (
    <div className="space-y-2">
      <div className={wanted ? 'relative' : 'hidden'}>
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera view: hold the label's barcode or QR code in the frame"
          className="aspect-video w-full rounded-xl bg-black object-cover"
        />
        {state === 'starting' && <LoaderCircle aria-hidden="true" className="absolute inset-0 m-auto size-8 animate-spin text-white" />}
      </div>
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'lg', className: 'w-full' })}
        onClick={() => {
          setProblem('');
          setState((s) => (s === 'off' ? 'starting' : 'off'));
        }}
      >
        {wanted ? <CameraOff aria-hidden="true" className="size-5" /> : <Camera aria-hidden="true" className="size-5" />}
        {wanted ? 'Stop the camera' : 'Scan the label'}
      </button>
      {state === 'on' && (
        <p role="status" className="text-sm text-slate-600">
          Hold the barcode or QR code inside the frame.
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
