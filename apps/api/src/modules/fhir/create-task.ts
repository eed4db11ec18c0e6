import { and, eq } from 'drizzle-orm';
import { fhirTaskIdentifiers } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';
import type { Services } from '../../services.js';
import { createDelivery } from '../deliveries/create-delivery.js';
import { scopeAllows } from '../smart/smart-scopes.js';
import type { FhirCaller } from './fhir-caller.js';
import { FhirInvalid, withExpressions } from './operation-outcome.js';
import { readTask } from './read-task.js';
import { bookingOfTask, parseIfNoneExist, type TaskBooking } from './task-booking.js';

/** A caller that may create Tasks but not read them (SMART system/Task.c without r) is not shown the one it matched. */
export const TASK_EXISTS_UNREADABLE =
  'A Task with this identifier already exists; this access token may not read it (it lacks the scope system/Task.r)';

/** The Task an If-None-Exist matched, when the caller may read it; else 409 without it. */
async function existingTask(services: Services, caller: FhirCaller, id: string) {
  if (caller.scopes && !scopeAllows(caller.scopes, 'Task', 'r'))
    throw new FhirInvalid(TASK_EXISTS_UNREADABLE, 'Task.identifier', 409, 'duplicate');
  return { created: false, task: await readTask(services, caller, id) };
}

export const TASK_IDENTIFIER_TAKEN =
  'A Task with this identifier already exists: send If-None-Exist: identifier=system|value to get it back';

async function existingTaskId(services: Services, accountId: string, id: { system: string; value: string }) {
  const [row] = await services.db
    .select({ deliveryId: fhirTaskIdentifiers.deliveryId })
    .from(fhirTaskIdentifiers)
    .where(
      and(eq(fhirTaskIdentifiers.accountId, accountId), eq(fhirTaskIdentifiers.system, id.system), eq(fhirTaskIdentifiers.value, id.value)),
    )
    .limit(1);
  return row?.deliveryId ?? null;
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * POST /fhir/r4/Task: books the delivery the Task asks for exactly as the JSON API does (createDelivery: the same
 * checks, pieces, price, service area and credit rule), its identifier written in the booking's transaction. With
 * If-None-Exist on the identifier, a Task already booked under it is answered instead (created: false), also when
 * two such requests race (the identifier is unique per account).
 */
export async function createTask(services: Services, caller: FhirCaller, body: unknown, ifNoneExistHeader: string | undefined) {
  const ifNoneExist = parseIfNoneExist(ifNoneExistHeader);
  const booking = bookingOfTask(body);
  try {
    return await bookTask(services, caller, booking, ifNoneExist);
  } catch (err) {
    throw withExpressions(err, booking.expressionOf);
  }
}

async function bookTask(
  services: Services,
  caller: FhirCaller,
  booking: TaskBooking,
  ifNoneExist: { system: string; value: string } | null,
) {
  const identifier = booking.identifier;
  if (ifNoneExist && (identifier?.system !== ifNoneExist.system || identifier.value !== ifNoneExist.value))
    throw new FhirInvalid("If-None-Exist must name the Task's own identifier (identifier=system|value)", 'Task.identifier');
  if (ifNoneExist) {
    const found = await existingTaskId(services, caller.accountId, ifNoneExist);
    if (found) return existingTask(services, caller, found);
  }
  if (identifier && (await existingTaskId(services, caller.accountId, identifier)))
    throw new FhirInvalid(TASK_IDENTIFIER_TAKEN, 'Task.identifier', 409, 'duplicate');
  try {
    const { delivery } = await createDelivery(
      services,
      caller.actor,
      { fields: booking.fields, image: null },
      {
        within: async (tx, row) => {
          if (identifier)
            await tx
              .insert(fhirTaskIdentifiers)
              .values({ deliveryId: row.id, accountId: row.accountId, ...identifier, createdAt: row.createdAt });
        },
      },
    );
    return { created: true, task: await readTask(services, caller, delivery.id) };
  } catch (err) {
    if (!identifier || !isUniqueViolation(err)) throw err;
    // Another request booked under this identifier meanwhile: its Task, or a conflict without If-None-Exist.
    const found = await existingTaskId(services, caller.accountId, identifier);
    if (!found) throw err;
    if (!ifNoneExist) throw conflict(TASK_IDENTIFIER_TAKEN);
    return existingTask(services, caller, found);
  }
}
