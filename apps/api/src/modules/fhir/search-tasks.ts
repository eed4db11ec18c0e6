import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, notInArray, or, type SQL } from 'drizzle-orm';
import { deliveries, fhirTaskIdentifiers } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { FHIR_BASE_PATH } from '../fhir-task/fhir-codes.js';
import type { FhirCaller } from './fhir-caller.js';
import { FhirInvalid } from './operation-outcome.js';
import { tasksOfCaller } from './read-task.js';
import { splitToken } from './task-booking.js';
import { type FhirTaskStatus, loadTaskParts, TASK_STATUS_OF, taskOf } from '../fhir-task/task-resource.js';

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;
const FINAL = ['delivered', 'returned', 'cancelled'] as const;
const TASK_STATUSES = ['requested', 'accepted', 'in-progress', 'on-hold', 'completed', 'failed', 'cancelled'] as const;

/** The deliveries whose Task has this status (the inverse of taskStatusOf). */
function statusCondition(status: FhirTaskStatus): SQL {
  if (status === 'on-hold') return and(isNotNull(deliveries.holdSince), notInArray(deliveries.status, [...FINAL])) as SQL;
  const ours = Object.entries(TASK_STATUS_OF)
    .filter(([, s]) => s === status)
    .map(([d]) => d as keyof typeof TASK_STATUS_OF);
  const final = ours.every((d) => (FINAL as readonly string[]).includes(d));
  return final ? inArray(deliveries.status, ours) : (and(inArray(deliveries.status, ours), isNull(deliveries.holdSince)) as SQL);
}

const DATE_PREFIX = /^(eq|gt|ge|lt|le)?(\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?)$/;

function lastUpdatedCondition(raw: string): SQL {
  const m = raw.match(DATE_PREFIX);
  const at = m ? new Date(m[2].length === 10 ? `${m[2]}T00:00:00Z` : m[2]) : null;
  if (!m || !at || Number.isNaN(at.getTime()))
    throw new FhirInvalid('_lastUpdated must be a date or date-time with an optional prefix gt, ge, lt, le or eq', '_lastUpdated');
  const col = deliveries.updatedAt;
  switch (m[1] ?? 'eq') {
    case 'gt':
      return gt(col, at);
    case 'ge':
      return gte(col, at);
    case 'lt':
      return lt(col, at);
    case 'le':
      return lte(col, at);
    default: {
      // eq: within the precision given (a day, or the instant).
      const end = m[2].length === 10 ? new Date(at.getTime() + 86_400_000) : new Date(at.getTime() + 1);
      return and(gte(col, at), lt(col, end)) as SQL;
    }
  }
}

const values = (v: unknown): string[] => (v === undefined ? [] : [v].flat().map(String));

function integerParam(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new FhirInvalid(`${name} must be a whole number`, name);
  return Math.min(Number(raw), max);
}

/**
 * GET /fhir/r4/Task?status&_lastUpdated&identifier&_count: the caller's Tasks, newest change first, as a searchset
 * Bundle with total and self/next/previous links (_offset pages; _count at most 100).
 */
export async function searchTasks(services: Services, caller: FhirCaller, query: Record<string, unknown>) {
  const conditions: SQL[] = [tasksOfCaller(caller)];
  const statuses = values(query.status).flatMap((v) => v.split(','));
  for (const s of statuses)
    if (!TASK_STATUSES.includes(s as FhirTaskStatus)) throw new FhirInvalid(`status must be among ${TASK_STATUSES.join(', ')}`, 'status');
  if (statuses.length) conditions.push(or(...statuses.map((s) => statusCondition(s as FhirTaskStatus))) as SQL);
  for (const v of values(query._lastUpdated)) conditions.push(lastUpdatedCondition(v));
  const identifiers = values(query.identifier).flatMap((v) => v.split(','));
  if (identifiers.length) {
    // identifier=value matches whatever the system; identifier=system|value (or |value: no system) that system only.
    const wanted = identifiers.map((raw) => ({ ...splitToken(raw), bySystem: raw.includes('|') }));
    const matching = services.db
      .select({ id: fhirTaskIdentifiers.deliveryId })
      .from(fhirTaskIdentifiers)
      .where(
        and(
          eq(fhirTaskIdentifiers.accountId, caller.accountId),
          or(
            ...wanted.map(
              (w) =>
                (w.bySystem
                  ? and(eq(fhirTaskIdentifiers.system, w.system), eq(fhirTaskIdentifiers.value, w.value))
                  : eq(fhirTaskIdentifiers.value, w.value)) as SQL,
            ),
          ),
        ),
      );
    conditions.push(inArray(deliveries.id, matching));
  }
  const pageSize = integerParam(values(query._count)[0], '_count', DEFAULT_COUNT, MAX_COUNT);
  const offset = integerParam(values(query._offset)[0], '_offset', 0, Number.MAX_SAFE_INTEGER);
  const where = and(...conditions);
  const [{ total }] = await services.db.select({ total: count() }).from(deliveries).where(where);
  const rows =
    pageSize === 0
      ? []
      : await services.db
          .select()
          .from(deliveries)
          .where(where)
          .orderBy(desc(deliveries.updatedAt), desc(deliveries.id))
          .limit(pageSize)
          .offset(offset);
  const parts = await loadTaskParts(services.db, rows);
  const base = `${services.publicUrl}${FHIR_BASE_PATH}`;
  const link = (relation: string, at: number) => {
    const params = new URLSearchParams();
    for (const s of values(query.status)) params.append('status', s);
    for (const v of values(query._lastUpdated)) params.append('_lastUpdated', v);
    for (const v of values(query.identifier)) params.append('identifier', v);
    params.set('_count', String(pageSize));
    params.set('_offset', String(at));
    return { relation, url: `${base}/Task?${params.toString()}` };
  };
  const links = [link('self', offset)];
  if (pageSize > 0 && offset + pageSize < total) links.push(link('next', offset + pageSize));
  if (offset > 0 && pageSize > 0) links.push(link('previous', Math.max(0, offset - pageSize)));
  return {
    resourceType: 'Bundle' as const,
    type: 'searchset' as const,
    total,
    link: links,
    ...(parts.length === 0
      ? {}
      : {
          entry: parts.map((p) => ({
            fullUrl: `${base}/Task/${p.delivery.id}`,
            resource: taskOf(p, services.publicUrl),
            search: { mode: 'match' as const },
          })),
        }),
  };
}
