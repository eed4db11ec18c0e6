import clsx from 'clsx';

type TVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'inverse' | 'inverse-outline';
type TSize = 'sm' | 'md' | 'lg';

const variants: Record<TVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary: 'bg-white text-brand-700 ring-1 ring-inset ring-brand-200 hover:bg-brand-50 focus-visible:outline-brand-600',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-600',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600',
  // On dark brand backgrounds (hero, banners).
  inverse: 'bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-white',
  'inverse-outline': 'text-white ring-1 ring-inset ring-white/50 hover:bg-white/10 focus-visible:outline-white',
};
const sizes: Record<TSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Class names for a button-looking element (a <button>, <a> or <Link>). */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: TVariant;
  size?: TSize;
  className?: string;
} = {}): string {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}
