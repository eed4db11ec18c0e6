import clsx from 'clsx';

/** The mark and the word 'MedCourier' (COMPANY.name). */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={clsx('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className={inverted ? 'fill-white' : 'fill-brand-600'} />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" className={inverted ? 'fill-brand-600' : 'fill-white'} />
      </svg>
      <span className={clsx('text-xl', inverted ? 'text-white' : 'text-slate-900')}>
        Med<span className={inverted ? 'text-brand-200' : 'text-brand-600'}>Courier</span>
      </span>
    </span>
  );
}
