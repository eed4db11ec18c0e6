import type { TTemperatureTrace } from '@courier/contract';
import { notFound } from '../../platform/app-error.js';
import { type Actor, type Anonymous, mayReadTemperatureTrace } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { readTemperatureTraceOf } from '../../shared/temperature-trace.js';
import { DELIVERY_NOT_FOUND } from '../deliveries/deliveries.queries.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';
import { deliveryOfReceiptToken } from '../medical/record-receipt.js';

/** GET /api/v1/deliveries/{id}/temperature: the parcel's trace (readings, boundaries, breaches, gaps), owner and staff. */
export async function readTemperatureTrace(
  services: Services,
  actor: Actor,
  input: { idOrTrackingNumber: string },
): Promise<TTemperatureTrace> {
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  if (!mayReadTemperatureTrace(actor, d)) throw notFound(DELIVERY_NOT_FOUND);
  return readTemperatureTraceOf(services.db, d, services.clock.now());
}

/** GET /api/v1/receipts/{token}/temperature: the same trace for the receiving lab holding the parcel's receipt link. */
export async function readReceiptTemperatureTrace(
  services: Services,
  _caller: Anonymous,
  input: { token: string },
): Promise<TTemperatureTrace> {
  const { delivery: d } = await deliveryOfReceiptToken(services, input.token);
  return readTemperatureTraceOf(services.db, d, services.clock.now());
}
