import clsx from 'clsx';
import { LoaderCircle } from 'lucide-react';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={clsx('inline-flex items-center text-brand-600', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the content area while a page module or its data loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="[&_svg]:size-8" />
    </div>
  );
}
