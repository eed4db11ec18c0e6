import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { checkImage } from '../lib/order-form';

/** The optional package image: JPEG, PNG or WebP up to 5 MB, with a preview and a way to remove it. */
export function ImagePicker({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkImage(chosen);
    setError(problem);
    if (!problem) onChange(chosen);
  };

  if (file && preview) {
    return (
      <div className="flex items-center gap-4 rounded-xl border border-slate-200 bg-slate-50 p-3">
        <img src={preview} alt="Preview of the package" className="size-24 rounded-lg border border-slate-200 bg-white object-cover" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
          <p className="text-xs text-slate-500">{(file.size / 1024).toFixed(file.size < 10_240 ? 1 : 0)} KB</p>
        </div>
        <button
          type="button"
          onClick={() => onChange(null)}
          aria-label="Remove image"
          className="inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-white hover:text-red-600"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    );
  }

  return (
    <div>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          pick(event.dataTransfer.files[0]);
        }}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors ${
          dragging ? 'border-brand-400 bg-brand-50' : 'border-slate-300 bg-white hover:border-brand-300 hover:bg-slate-50'
        }`}
      >
        <ImagePlus aria-hidden="true" className="size-7 text-brand-600" />
        <span className="text-sm font-medium text-slate-800">Add a photo of the package</span>
        <span className="text-xs text-slate-500">JPEG, PNG or WebP, up to 5 MB</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-label="Package image"
        className="sr-only"
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {error && (
        <p role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
