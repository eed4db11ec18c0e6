import {
  ACTIVE_STATUSES,
  COMPLETED_STATUSES,
  MESSAGES,
  PENDING_STATUSES,
  PROFILE_ACTIVE_STATUSES,
  type TDelivery,
  type TDeliveryStatus,
} from '@courier/contract';

/** The counts the dashboard and the profile show (its status groups). */
export interface TDeliveryStats {
  totalDeliveries: number;
  activeDeliveries: number;
  completedDeliveries: number;
  pendingDeliveries: number;
  /** The profile's narrower active count: assigned or in_transit. */
  profileActiveDeliveries: number;
}

export interface TDeliveryList {
  deliveries: TDelivery[];
  stats: TDeliveryStats;
  currentPage: number;
  totalPages: number;
  limit: number;
  /** How many deliveries match the filter (what the pages cover). */
  matchingDeliveries: number;
  /** An account owner's list: who booked each delivery (by delivery _id). Absent for everyone else. */
  bookedBy?: Record<string, { _id: string; name: string }>;
}

const count = (deliveries: { status: string }[], statuses: readonly TDeliveryStatus[]) =>
  deliveries.filter((d) => (statuses as readonly string[]).includes(d.status)).length;

export function statsOf(deliveries: { status: string }[]): TDeliveryStats {
  return {
    totalDeliveries: deliveries.length,
    activeDeliveries: count(deliveries, ACTIVE_STATUSES),
    completedDeliveries: count(deliveries, COMPLETED_STATUSES),
    pendingDeliveries: count(deliveries, PENDING_STATUSES),
    profileActiveDeliveries: count(deliveries, PROFILE_ACTIVE_STATUSES),
  };
}

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * Reads a my-deliveries answer: an array, or an object holding a deliveries array; anything
 * else throws 'Invalid response format - expected array of deliveries'. Counts the server left out are
 * worked out from the array itself.
 */
export function readDeliveryList(body: unknown, requestedLimit: number): TDeliveryList {
  if (Array.isArray(body)) {
    const deliveries = body as TDelivery[];
    return {
      deliveries,
      stats: statsOf(deliveries),
      currentPage: 1,
      totalPages: 1,
      limit: requestedLimit,
      matchingDeliveries: deliveries.length,
    };
  }
  const value = body as Record<string, unknown> | null;
  if (!value || typeof value !== 'object' || !Array.isArray(value.deliveries)) throw new Error(MESSAGES.deliveriesInvalidFormat);
  const deliveries = value.deliveries as TDelivery[];
  const own = statsOf(deliveries);
  const total = num(value.totalDeliveries) ?? own.totalDeliveries;
  return {
    deliveries,
    stats: {
      totalDeliveries: total,
      activeDeliveries: num(value.activeDeliveries) ?? own.activeDeliveries,
      completedDeliveries: num(value.completedDeliveries) ?? own.completedDeliveries,
      pendingDeliveries: num(value.pendingDeliveries) ?? own.pendingDeliveries,
      profileActiveDeliveries: num(value.profileActiveDeliveries) ?? own.profileActiveDeliveries,
    },
    currentPage: num(value.currentPage) ?? 1,
    totalPages: Math.max(1, num(value.totalPages) ?? 1),
    limit: num(value.limit) ?? requestedLimit,
    matchingDeliveries: num(value.matchingDeliveries) ?? total,
    ...(value.bookedBy && typeof value.bookedBy === 'object'
      ? { bookedBy: value.bookedBy as Record<string, { _id: string; name: string }> }
      : {}),
  };
}
