import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useOpenDeliveryProps } from '@/hooks/use-open-delivery';

/** A table row that opens its delivery on click, Enter or Space (it takes focus; its cells may hold links). */
export function DeliveryRow({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  const openProps = useOpenDeliveryProps();
  return (
    <tr
      tabIndex={0}
      {...openProps(id)}
      className={clsx('cursor-pointer hover:bg-brand-50/50 focus-visible:bg-brand-50/60 focus-visible:outline-none', className)}
    >
      {children}
    </tr>
  );
}
