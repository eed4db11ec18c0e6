import type { ReactNode } from 'react';

export const inputClass =
  'block h-11 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:ring-2 focus:outline-none aria-invalid:border-red-400 aria-invalid:focus:ring-red-100 border-slate-300 focus:border-brand-500 focus:ring-brand-100';

/** A labelled control with its hint or error below. */
export function FormField({
  id,
  label,
  required = false,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : (
          <>
            {' '}
            <span className="font-normal text-slate-500">(optional)</span>
          </>
        )}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
