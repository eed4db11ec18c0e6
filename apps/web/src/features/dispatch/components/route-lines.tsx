import type { TAdminDelivery } from '@courier/contract';

/** Where a delivery goes: "From" its pickup, "To" its delivery address, one line each. */
export function RouteLines({ d }: { d: Pick<TAdminDelivery, 'pickupAddress' | 'deliveryAddress'> }) {
  return (
    <>
      <span className="block break-words">
        <span className="text-slate-500">From </span>
        {d.pickupAddress}
      </span>
      <span className="block break-words">
        <span className="text-slate-500">To </span>
        {d.deliveryAddress}
      </span>
    </>
  );
}
