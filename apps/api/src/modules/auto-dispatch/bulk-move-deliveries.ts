import type { TBulkDeliveriesRequest, TBulkResult } from '@courier/contract';
import { AppError } from '../../platform/app-error.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { cancelDelivery } from '../deliveries/cancel-delivery.js';
import { assignDriver } from '../dispatch/assign-driver.js';
import { approvedMessage, approveForDispatch } from './approve-for-dispatch.js';

/**
 * Many jobs moved at once by dispatch: each through its own single call (approve, assign, cancel: the status writer,
 * the policy and the state checks of that call, its own transaction), in the order given. A job refused is that
 * job's result, with the code and message its single call answers; the others go on.
 */
export async function bulkMoveDeliveries(services: Services, actor: Actor, input: TBulkDeliveriesRequest): Promise<TBulkResult[]> {
  assertAudience(actor, 'staff');
  const results: TBulkResult[] = [];
  for (const deliveryId of [...new Set(input.deliveryIds)]) {
    try {
      results.push({ deliveryId, ok: true, message: await moveOne(services, actor, input, deliveryId) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ deliveryId, ok: false, code: error.code, message: error.message });
    }
  }
  return results;
}

async function moveOne(services: Services, actor: Actor, input: TBulkDeliveriesRequest, idOrTrackingNumber: string): Promise<string> {
  switch (input.action) {
    case 'approve': {
      const { autoAssigned } = await approveForDispatch(services, actor, { idOrTrackingNumber, note: input.note });
      return approvedMessage(autoAssigned);
    }
    case 'assign':
      // As the single assign: an approved job gets its driver, an assigned one changes hands.
      await assignDriver(services, actor, { idOrTrackingNumber, driverId: input.driverId });
      return 'Driver assigned';
    case 'cancel':
      await cancelDelivery(services, actor, { idOrTrackingNumber, reason: input.reason });
      return 'Delivery cancelled';
  }
}

export const bulkSummary = (action: TBulkDeliveriesRequest['action'], results: TBulkResult[]) => {
  const done = results.filter((r) => r.ok).length;
  const verb = { approve: 'approved', assign: 'assigned', cancel: 'cancelled' }[action];
  return `${done} of ${results.length} ${verb}${done < results.length ? `, ${results.length - done} refused` : ''}`;
};
