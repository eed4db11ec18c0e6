import { ON_BOARD_STATUSES } from '@courier/contract';
import { inArray, sql } from 'drizzle-orm';
import { deliveries } from '../db/schema/index.js';

/**
 * The order a driver works their open jobs in, as their phone lists them: the applied route plan's order
 * first (plannedOrder), then parcels already on board (they are driven to their drop-off), then pickups;
 * within each, the earliest required-by first.
 */
export const driverRouteOrder = () => [
  sql`${deliveries.plannedOrder} asc nulls last`,
  sql`case when ${inArray(deliveries.status, [...ON_BOARD_STATUSES])} then 0 else 1 end`,
  sql`${deliveries.requiredBy} asc nulls last`,
  deliveries.createdAt,
];
