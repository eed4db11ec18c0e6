import type { TAutoAssignResult } from '@courier/contract';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { approveDelivery } from '../dispatch/approve-delivery.js';
import { autoAssignOne } from './auto-assign-delivery.js';

/**
 * Staff approve a request; with AUTO_ASSIGN_ON_APPROVAL on, the approved job then goes to its best driver (its own
 * insertion, after the approval committed: a job no driver fits stays approved, with the reason answered).
 */
export async function approveForDispatch(
  services: Services,
  actor: Actor,
  input: { idOrTrackingNumber: string; note?: string },
): Promise<{ id: string; autoAssigned: TAutoAssignResult | null }> {
  assertAudience(actor, 'staff');
  const moved = await approveDelivery(services, actor, input);
  const autoAssigned = services.env.AUTO_ASSIGN_ON_APPROVAL ? await autoAssignOne(services, actor, moved.id) : null;
  return { id: moved.id, autoAssigned };
}

/** The answer's message: what happened, with the auto-assignment's reason when there was one. */
export const approvedMessage = (auto: TAutoAssignResult | null) =>
  !auto ? 'Delivery approved' : auto.ok ? `Delivery approved and auto-assigned. ${auto.reason}` : `Delivery approved. ${auto.reason}`;
