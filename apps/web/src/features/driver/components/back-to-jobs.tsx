import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function BackLink({ to = paths.driverHome, label = 'My jobs' }: { to?: string; label?: string }) {
  return (
    <Link to={to} className="inline-flex h-10 items-center gap-1.5 text-sm font-semibold text-brand-700">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
