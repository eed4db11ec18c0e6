import type { TDriverJobResponse, TDriverStatusRequest } from '@courier/contract';
import { applyOnce } from '../../platform/idempotency.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { refreshRouteEstimates } from '../deliveries/refresh-route-estimates.js';
import { confirmPickup } from './confirm-pickup.js';
import { toDriverJobJson } from '../../shared/driver-job-json.js';
import { recordFailedAttempt } from './record-failed-attempt.js';
import { startPickupRun } from './start-pickup-run.js';
import { startTransit } from './start-transit.js';

const MOVES = {
  moving_to_pickup_location: startPickupRun,
  picked_up: confirmPickup,
  in_transit: startTransit,
  failed_attempt: recordFailedAttempt,
} as const;
const DONE: Record<TDriverStatusRequest['status'], string> = {
  moving_to_pickup_location: 'On the way to pickup',
  picked_up: 'Parcel picked up',
  in_transit: 'On the way to the recipient',
  failed_attempt: 'Attempt recorded; dispatch will decide the next step',
};

/** The driver's status call: one of the driver's moves, applied once per Idempotency-Key. */
export async function moveJob(
  services: Services,
  actor: Actor,
  input: TDriverStatusRequest & { idOrTrackingNumber: string; idempotencyKey?: string },
): Promise<TDriverJobResponse> {
  assertAudience(actor, 'driver');
  const scope = `status:${input.idOrTrackingNumber}:${input.status}`;
  return applyOnce(
    services,
    { actorId: actor.id, key: input.idempotencyKey, scope, request: { ...input, idempotencyKey: undefined } },
    async (claim) => {
      const moved = await MOVES[input.status](services, actor, { ...input, within: claim });
      // The rest of the route moves with the driver's step (a new next drop may be 10 minutes away).
      await services.db.transaction((tx) => refreshRouteEstimates(tx, services, actor.id, services.clock.now()));
      services.outbox.kick();
      return toDriverJobJson(services, actor, moved.id, DONE[input.status]);
    },
  );
}
