import { sql } from 'drizzle-orm';
import { deliveries } from '../db/schema/index.js';
import type { AttemptRow } from './attempts-json.js';
import type { DeliveryRow } from './answer-types.js';

/** The driver who last picked the parcel up (the custody chain's latest picked_up), who holds it until the next pickup. */
export interface HolderRow {
  driverId: string;
  driverName: string | null;
}

export const holderColumn = sql<HolderRow | null>`(
  select jsonb_build_object(
    'driverId', e.actor_id,
    'driverName', nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
  )
  from delivery_events e left join users u on u.id = e.actor_id
  where e.delivery_id = ${deliveries.id} and e.status = 'picked_up' and e.actor_id is not null
  order by e.seq desc limit 1
)`.as('holder');

/**
 * The driver a newly assigned driver collects the parcel from, or null when it is collected at the sender:
 * the parcel was picked up before by another driver (a re-attempt by another driver, or staff reassigning a
 * parcel on board). The custody chain says who picked it up last; a failed attempt's driver is the fallback.
 */
export function collectFromOf(
  d: Pick<DeliveryRow, 'status' | 'driverId'>,
  attempts: AttemptRow[],
  holder: HolderRow | null | undefined,
): { driverId: string; driverName: string | null } | null {
  if (d.status !== 'assigned' && d.status !== 'moving_to_pickup_location') return null;
  if (holder) return holder.driverId === d.driverId ? null : holder;
  const last = attempts.at(-1);
  if (last?.decision !== 'reattempt' || !last.driverId || last.driverId === d.driverId) return null;
  return { driverId: last.driverId, driverName: last.driverName };
}
