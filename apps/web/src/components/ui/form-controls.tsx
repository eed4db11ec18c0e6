import clsx from 'clsx';
import { AlertCircle, CheckCircle2, Eye, EyeOff, Info } from 'lucide-react';
import { type ComponentProps, cloneElement, isValidElement, type ReactElement, type ReactNode, useState } from 'react';

/** Text inputs of the account forms: 44 px high, a brand focus ring, red when invalid. */
export function inputClass({
  invalid = false,
  className,
  borderClass,
}: {
  invalid?: boolean;
  className?: string;
  /** Replaces the neutral border and focus colours (e.g. the strength meter's). */
  borderClass?: string;
} = {}): string {
  return clsx(
    'block h-11 w-full rounded-lg border bg-white px-3 text-[15px] text-slate-900 shadow-xs transition-colors',
    'placeholder:text-slate-400 focus:ring-3 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500',
    // :read-only also matches selects and checkboxes: only a real readonly attribute greys the field.
    '[&[readonly]]:cursor-not-allowed [&[readonly]]:bg-slate-50 [&[readonly]]:text-slate-600',
    // A Field marks its control aria-invalid while it shows an error: red then, whatever the caller passed.
    'aria-invalid:border-red-400 aria-invalid:focus:border-red-500 aria-invalid:focus:ring-red-100',
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
      : (borderClass ?? 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'),
    className,
  );
}

/** What a Field gives its control: the id its label points at and the aria attributes naming its error or hint. */
export interface TFieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label above its one control, with an optional hint and an inline error. The Field wires the control
 * itself: it gives it the id, aria-invalid while there is an error, and aria-describedby naming the error or hint.
 */
export function Field({
  id,
  label,
  error,
  hint,
  action,
  marker,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown at the right of the label (e.g. a "Forgot password?" link). */
  action?: ReactNode;
  /** A red * after a required field's label, or a grey "(optional)" after an optional one. */
  marker?: 'required' | 'optional';
  /** The control (an input, select, textarea or PasswordInput), or a function given the wiring for any other. */
  children: ReactNode | ((control: TFieldControl) => ReactNode);
  className?: string;
}) {
  const aria: TFieldControl = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
  const control =
    typeof children === 'function'
      ? children(aria)
      : isValidElement(children) && wiredControls.has(children.type)
        ? cloneElement(children as ReactElement<TFieldControl>, aria)
        : children;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
          {marker === 'required' && (
            <span aria-hidden="true" className="ml-0.5 text-red-600">
              *
            </span>
          )}
          {marker === 'optional' && (
            <>
              {' '}
              <span className="font-normal text-slate-500">(optional)</span>
            </>
          )}
        </label>
        {action}
      </div>
      {control}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle; forwards everything (ref included) to the input. */
export function PasswordInput({
  invalid,
  className,
  toggleLabel = 'password',
  borderClass,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { invalid?: boolean; toggleLabel?: string; borderClass?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        className={inputClass({ invalid, borderClass, className: clsx('pr-11', className) })}
      />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? `Hide ${toggleLabel}` : `Show ${toggleLabel}`}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
      </button>
    </div>
  );
}

/** The controls a Field wires by itself (any other is wired through a function child). */
const wiredControls = new Set<unknown>(['input', 'select', 'textarea', PasswordInput]);

const alertTones = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: AlertCircle, iconClass: 'text-red-500' },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-800', icon: CheckCircle2, iconClass: 'text-emerald-600' },
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: Info, iconClass: 'text-brand-600' },
} as const;

/** A message box at the top of a form; errors are announced (role=alert), the others politely (role=status). */
export function FormAlert({
  tone = 'error',
  children,
  className,
}: {
  tone?: keyof typeof alertTones;
  children: ReactNode;
  className?: string;
}) {
  const { box, icon: Icon, iconClass } = alertTones[tone];
  return (
    <div className={clsx('flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm', box, className)}>
      <Icon aria-hidden="true" className={clsx('mt-0.5 size-4 shrink-0', iconClass)} />
      <div role={tone === 'error' ? 'alert' : 'status'} className="min-w-0">
        {children}
      </div>
    </div>
  );
}
