import { TIMINGS } from '@courier/contract';
import { useLoadedModule } from '@/hooks/use-loaded-module';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useToastsRequested } from '@/lib/toast';

// A failed load leaves the app without toasts rather than without a page.
const loadToastify = () => import('react-toastify').catch(() => null);

/** The phone width below which toasts sit over the top bar (index.css), never over a page's own controls. */
export const PHONE_TOASTS_QUERY = '(max-width: 30rem)';

/**
 * Top-right, 5 s, pause on hover, drag 80 %, three at most. On a phone they stack into one, over the top bar:
 * the signature pad and the primary buttons sit below it. Mounted with the first toast (lib/toast).
 */
export function Toasts() {
  const requested = useToastsRequested();
  const phone = useMediaQuery(PHONE_TOASTS_QUERY);
  const toastify = useLoadedModule(loadToastify, requested);
  if (!toastify) return null;
  return (
    <toastify.ToastContainer
      position={phone ? 'top-center' : 'top-right'}
      limit={3}
      stacked={phone}
      autoClose={TIMINGS.toastMs}
      pauseOnHover
      draggable
      draggablePercent={80}
    />
  );
}
