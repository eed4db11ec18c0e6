import { isTemperatureControlled, PACKAGING_CHECK_LABELS, PACKAGING_CHECKS, type TPackagingChecklist } from '@courier/contract';
import type { Tx } from '../../db/client.js';
import { badRequest } from '../../platform/app-error.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { appendHandlingEvent } from '../deliveries/custody.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { recordReadings } from './record-readings.js';

export interface HandOverFacts {
  temperatureC?: number;
  packaging?: TPackagingChecklist;
}

export const TEMPERATURE_MISSING = (step: string) => `temperatureC: Record the parcel's temperature (°C) at ${step}`;

/** A temperature-controlled parcel's hand-over (pickup or delivery) needs its temperature. */
export function checkTemperatureGiven(d: DeliveryRow, temperatureC: number | undefined, step: 'pickup' | 'delivery') {
  if (isTemperatureControlled(d.temperature) && (temperatureC === undefined || Number.isNaN(temperatureC)))
    throw badRequest(TEMPERATURE_MISSING(step), 'temperatureC');
}

/** What the pickup of this parcel needs besides the scan: its temperature, and for UN3373 the packaging, all ticked. */
export function checkPickupHandling(d: DeliveryRow, facts: HandOverFacts) {
  checkTemperatureGiven(d, facts.temperatureC, 'pickup');
  if (d.specimenCategory !== 'UN3373') return;
  for (const check of PACKAGING_CHECKS) {
    if (facts.packaging?.[check] !== true)
      throw badRequest(
        `packaging.${check}: ${PACKAGING_CHECK_LABELS[check].label} must be checked before a UN3373 pickup`,
        `packaging.${check}`,
      );
  }
}

/** Inside the pickup's transaction: the checklist and the reading join the custody chain (an excursion holds the parcel). */
export async function recordPickupHandling(tx: Tx, services: Services, actor: Actor, row: DeliveryRow, facts: HandOverFacts) {
  if (row.specimenCategory === 'UN3373') {
    await appendHandlingEvent(
      tx,
      row,
      actor,
      'checklist',
      `UN3373 packaging checked: ${PACKAGING_CHECKS.map((c) => PACKAGING_CHECK_LABELS[c].label).join('; ')}`,
      row.updatedAt,
    );
  }
  if (facts.temperatureC !== undefined && isTemperatureControlled(row.temperature)) {
    await recordReadings(
      tx,
      services,
      actor,
      row,
      { readings: [{ celsius: facts.temperatureC, at: row.updatedAt }], source: 'probe', context: 'pickup' },
      row.updatedAt,
    );
  }
}
