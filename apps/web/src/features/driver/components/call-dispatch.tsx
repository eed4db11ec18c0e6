import { Headset } from 'lucide-react';
import { useEffect } from 'react';
import { useAppConfig } from '@/hooks/use-app-config';

const KEY = 'dispatch-phone';

const kept = (): string | null => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
};

/**
 * Dials dispatch (DISPATCH_PHONE, through /api/v1/config); the number is kept on the phone so the button is
 * there after a reload without signal, when a driver needs it most. Hidden while no number is known.
 */
export function CallDispatchLink({ className }: { className?: string }) {
  const config = useAppConfig().data;
  const phone = config ? (config.dispatchPhone ?? null) : kept();
  useEffect(() => {
    if (!config) return;
    try {
      if (config.dispatchPhone) localStorage.setItem(KEY, config.dispatchPhone);
      else localStorage.removeItem(KEY);
    } catch {
      // storage blocked: the button still shows while online
    }
  }, [config]);
  if (!phone) return null;
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      className={
        className ??
        'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50'
      }
    >
      <Headset aria-hidden="true" className="size-4" />
      {/* "Dispatch" on a phone's narrow bar; the name stays "Call dispatch". */}
      <span className="max-sm:sr-only">Call&nbsp;</span>
      <span className="max-sm:capitalize">dispatch</span>
    </a>
  );
}
