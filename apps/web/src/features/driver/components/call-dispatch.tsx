import { Headset } from 'lucide-react';
import { useAppConfig } from '@/hooks/use-app-config';

/** Dials dispatch (DISPATCH_PHONE, through /api/v1/config); hidden while the server names no number. */
export function CallDispatchLink({ className }: { className?: string }) {
  const phone = useAppConfig().data?.dispatchPhone;
  if (!phone) return null;
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      className={
        className ??
        'inline-flex h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50'
      }
    >
      <Headset aria-hidden="true" className="size-4" />
      Call dispatch
    </a>
  );
}
