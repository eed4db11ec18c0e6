import type { TRoutePlan, TRoutePlanResponse } from '@courier/contract';
import type { routePlans } from '../../db/schema/index.js';

export type RoutePlanRow = typeof routePlans.$inferSelect;

export const ROUTE_PLAN_NOT_FOUND = 'Route plan not found';

export function toRoutePlan(r: RoutePlanRow): TRoutePlan {
  return {
    _id: r.id,
    kind: r.kind,
    createdAt: r.createdAt.toISOString(),
    appliedAt: r.appliedAt?.toISOString() ?? null,
    date: r.planDate,
    routes: r.routes,
    unassigned: r.unassigned,
    travelSeconds: Math.round(r.travelSeconds),
    objective: r.objective ?? null,
    changes: r.changes ?? null,
  };
}

export const routePlanReply = (r: RoutePlanRow, message: string): TRoutePlanResponse => ({ success: true, message, data: toRoutePlan(r) });
