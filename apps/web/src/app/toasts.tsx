import { TIMINGS } from '@courier/contract';
import { lazy, Suspense } from 'react';
import { useToastsRequested } from '@/lib/toast';

const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

/** SPEC section 9: top-right, 5 s, pause on hover, drag 80 %. Mounted with the first toast (lib/toast). */
export function Toasts() {
  if (!useToastsRequested()) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TIMINGS.toastMs} pauseOnHover draggable draggablePercent={80} />
    </Suspense>
  );
}
