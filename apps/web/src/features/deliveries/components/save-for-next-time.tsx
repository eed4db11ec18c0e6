import clsx from 'clsx';

/** The booking form's 'Save ... for next time' tick: the entry joins the address book once the request is sent. */
export function SaveForNextTime({
  id,
  label,
  checked,
  onChange,
  className,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label htmlFor={id} className={clsx('flex cursor-pointer items-center gap-2 text-sm text-slate-700', className)}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 rounded border-slate-300 accent-brand-600"
      />
      {label}
    </label>
  );
}
