import { Camera, CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';

interface TDetected {
  rawValue: string;
}
interface TBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<TDetected[]>;
}
type TBarcodeDetectorClass = new (options?: { formats?: string[] }) => TBarcodeDetector;

/** The browser's BarcodeDetector, where it exists (Chrome on Android, Safari 17+); typing is the fallback. */
export const barcodeDetectorClass = (): TBarcodeDetectorClass | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? ((window as unknown as { BarcodeDetector: TBarcodeDetectorClass }).BarcodeDetector ?? null)
    : null;

/** Reads the label's Code 128 or QR code with the back camera; hands over the first value read. */
export function LabelScanner({ onRead }: { onRead: (value: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState('');
  const Detector = barcodeDetectorClass();

  useEffect(() => {
    if (!scanning || !Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = new Detector({ formats: ['code_128', 'qr_code'] });
    const tick = async () => {
      if (stopped || !video.current) return;
      try {
        const [first] = await detector.detect(video.current);
        if (first?.rawValue) {
          onRead(first.rawValue);
          setScanning(false);
          return;
        }
      } catch {
        // the frame was not ready: try the next one
      }
      timer = setTimeout(() => void tick(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void tick();
      })
      .catch(() => {
        setProblem('The camera is not available: type the number instead.');
        setScanning(false);
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [scanning, Detector, onRead]);

  if (!Detector) return null;
  return (
    <div className="space-y-2">
      {scanning && <video ref={video} muted playsInline className="aspect-video w-full rounded-xl bg-black object-cover" />}
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'lg', className: 'w-full' })}
        onClick={() => setScanning((on) => !on)}
      >
        {scanning ? <CameraOff aria-hidden="true" className="size-5" /> : <Camera aria-hidden="true" className="size-5" />}
        {scanning ? 'Stop the camera' : 'Scan the label'}
      </button>
      {problem && <p className="text-sm text-red-700">{problem}</p>}
    </div>
  );
}
