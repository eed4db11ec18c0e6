import { TIMINGS } from '@courier/contract';
import { useLoadedModule } from '@/hooks/use-loaded-module';
import { useToastsRequested } from '@/lib/toast';

// A failed load leaves the app without toasts rather than without a page.
const loadToastify = () => import('react-toastify').catch(() => null);

/** Top-right, 5 s, pause on hover, drag 80 %. Mounted with the first toast (lib/toast). */
export function Toasts() {
  const requested = useToastsRequested();
  const toastify = useLoadedModule(loadToastify, requested);
  if (!toastify) return null;
  return <toastify.ToastContainer position="top-right" autoClose={TIMINGS.toastMs} pauseOnHover draggable draggablePercent={80} />;
}
