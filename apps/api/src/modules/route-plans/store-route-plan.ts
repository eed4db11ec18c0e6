import type { TPlanChange, TPlanObjective, TPlannedRoute, TUnassignedJob } from '@courier/contract';
import type { Db } from '../../db/client.js';
import { routePlans } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Actor } from '../../platform/policy.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import type { RoutePlanRow } from './route-plan-json.js';

export interface NewRoutePlan {
  kind: 'plan' | 'insertion' | 'replan';
  planDate: string;
  driverIds: string[];
  reassign: boolean;
  /** The jobs as they stood when planned: applying the plan later refuses if one has moved since. */
  jobs: DeliveryRow[];
  routes: TPlannedRoute[];
  unassigned: TUnassignedJob[];
  travelSeconds: number;
  objective?: TPlanObjective | null;
  changes?: TPlanChange[] | null;
}

/** Keeps a plan (or an insertion offer) with the snapshot it was made from, audited, in one transaction. */
export async function storeRoutePlan(
  db: Db,
  actor: Actor,
  plan: NewRoutePlan,
  auditDetails: Record<string, unknown>,
  now: Date,
): Promise<RoutePlanRow> {
  const { jobs, driverIds, reassign, ...stored } = plan;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(routePlans)
      .values({
        ...stored,
        input: {
          now: now.toISOString(),
          driverIds,
          reassign,
          jobs: jobs.map((d) => ({ deliveryId: d.id, status: d.status, driverId: d.driverId, updatedAt: d.updatedAt.toISOString() })),
        },
        createdBy: actor.id,
        createdAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      { actorId: actor.id, action: 'route_plan.create', targetType: 'route_plan', targetId: row.id, ip: actor.ip, details: auditDetails },
      now,
    );
    return row;
  });
}
