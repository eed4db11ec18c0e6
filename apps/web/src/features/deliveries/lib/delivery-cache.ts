import type { TDelivery } from '@courier/contract';
import type { TDeliveryStats } from './delivery-stats';

/** SPEC section 3: the last delivery list result stays in the browser under these keys. */
export const DELIVERY_CACHE_KEYS = { deliveries: 'deliveries', stats: 'deliveriesStats' } as const;

export function writeDeliveriesCache(deliveries: TDelivery[], stats: TDeliveryStats): void {
  try {
    localStorage.setItem(DELIVERY_CACHE_KEYS.deliveries, JSON.stringify(deliveries));
    localStorage.setItem(DELIVERY_CACHE_KEYS.stats, JSON.stringify(stats));
  } catch {
    // Storage full or blocked: the cache is a convenience, the page works without it.
  }
}

/** On logout: another person on this browser must not find the list. */
export function clearDeliveriesCache(): void {
  try {
    localStorage.removeItem(DELIVERY_CACHE_KEYS.deliveries);
    localStorage.removeItem(DELIVERY_CACHE_KEYS.stats);
  } catch {
    // nothing to clear
  }
}
