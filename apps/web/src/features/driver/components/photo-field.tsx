import { IMAGE_MIME_TYPES } from '@courier/contract';
import clsx from 'clsx';
import { Camera, X } from 'lucide-react';
import { useEffect, useState } from 'react';

/** A photo taken with the phone's camera, shown as a preview with a remove button once taken. */
export function PhotoField({
  label,
  alt,
  photo,
  onPick,
  onRemove,
  boxClass = 'h-24',
}: {
  label: string;
  /** What the preview shows (its alt text). */
  alt: string;
  photo: File | null;
  onPick: (photo: File | null) => void;
  onRemove: () => void;
  /** The height of the empty box. */
  boxClass?: string;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium text-slate-700">{label}</span>
      {preview ? (
        <div className="relative">
          <img src={preview} alt={alt} className="max-h-64 w-full rounded-xl border border-slate-200 object-cover" />
          <button
            type="button"
            aria-label="Remove the photo"
            onClick={onRemove}
            className="absolute top-2 right-2 flex size-10 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : (
        <label
          className={clsx(
            'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 bg-white text-slate-600 active:bg-slate-50',
            boxClass,
          )}
        >
          <Camera aria-hidden="true" className="size-7 text-brand-600" />
          <span className="text-sm font-semibold">Take a photo</span>
          <input
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            capture="environment"
            className="sr-only"
            aria-label="Take a photo"
            onChange={(event) => onPick(event.target.files?.[0] ?? null)}
          />
        </label>
      )}
    </div>
  );
}
