import { TIMINGS } from '@courier/contract';
import { useEffect, useState } from 'react';
import { useLoadedModule } from '@/hooks/use-loaded-module';
import { rememberBannerDismissal, wasBannerDismissed } from '../banner-dismissal';

// Its form and request code load when the banner is due, not with the landing page.
const loadPanel = () => import('./optin-banner-panel');

/**
 * The landing page's SMS opt-in: shows 2 s after load unless dismissed before;
 * subscribing or closing hides it for good.
 */
export function OptinBanner({ onError }: { onError?: (message: string) => void }) {
  const [due, setDue] = useState(false);
  const panel = useLoadedModule(loadPanel, due);

  useEffect(() => {
    if (wasBannerDismissed()) return;
    const timer = window.setTimeout(() => setDue(true), TIMINGS.optinBannerDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  if (!due || !panel) return null;
  const close = () => {
    rememberBannerDismissal();
    setDue(false);
  };
  return <panel.OptinBannerPanel onClose={close} onError={onError} />;
}
