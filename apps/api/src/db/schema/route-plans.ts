import type { TPlanChange, TPlanObjective, TPlannedRoute, TUnassignedJob } from '@courier/contract';
import { doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** What a job looked like when the preview was made: applying refuses when any of it changed (migration 0013). */
export interface TRoutePlanJobSnapshot {
  deliveryId: string;
  status: string;
  driverId: string | null;
  updatedAt: string;
}

export interface TRoutePlanInput {
  now: string;
  driverIds: string[];
  reassign: boolean;
  jobs: TRoutePlanJobSnapshot[];
}

/** A stored route plan: a preview until applied (migration 0013). */
export const routePlans = pgTable(
  'route_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'plan' | 'insertion' | 'replan'>().notNull(),
    planDate: text('plan_date').notNull(),
    input: jsonb('input').$type<TRoutePlanInput>().notNull(),
    routes: jsonb('routes').$type<TPlannedRoute[]>().notNull(),
    unassigned: jsonb('unassigned').$type<TUnassignedJob[]>().notNull(),
    travelSeconds: doublePrecision('travel_seconds').notNull(),
    /** The search's objective in parts, and (a re-plan) the stops it moves; null on older plans and insertions. */
    objective: jsonb('objective').$type<TPlanObjective>(),
    changes: jsonb('changes').$type<TPlanChange[]>(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedBy: uuid('applied_by').references(() => users.id),
  },
  (t) => [index('route_plans_created_idx').on(t.createdAt)],
);
