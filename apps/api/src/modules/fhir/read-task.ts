import { and, eq, type SQL } from 'drizzle-orm';
import { deliveries } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import type { FhirCaller } from './fhir-caller.js';
import { loadOneTaskParts, taskOf } from '../fhir-task/task-resource.js';

export const TASK_NOT_FOUND = 'Task not found';

/** The deliveries a caller may read as Tasks: its account's (an owner) or its own bookings there (a member). */
export function tasksOfCaller(caller: FhirCaller): SQL {
  const ofAccount = eq(deliveries.accountId, caller.accountId);
  return caller.accountRole === 'owner' ? ofAccount : (and(ofAccount, eq(deliveries.customerId, caller.actor.id)) as SQL);
}

/** GET /fhir/r4/Task/{id}: a delivery of the caller's, as a Task; any other id (another account's too) is 404. */
export async function readTask(services: Services, caller: FhirCaller, id: string) {
  if (!isUuid(id)) throw notFound(TASK_NOT_FOUND);
  const [row] = await services.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), tasksOfCaller(caller)))
    .limit(1);
  if (!row) throw notFound(TASK_NOT_FOUND);
  return taskOf(await loadOneTaskParts(services.db, row), services.publicUrl);
}
