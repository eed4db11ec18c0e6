import { TEMPERATURE_CLASSES, type TTemperatureBoundary, type TTemperatureRule } from '@courier/contract';
import { temperatureRules } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayEditTemperatureRules, mayReadTemperatureRules } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { defaultBoundaries } from '../../shared/temperature-breaches.js';
import { boundariesFor } from '../../shared/temperature-trace.js';

export async function listTemperatureRules(services: Services, actor: Actor): Promise<TTemperatureRule[]> {
  if (!mayReadTemperatureRules(actor)) throw forbidden();
  const rows = await services.db.select().from(temperatureRules);
  return TEMPERATURE_CLASSES.map((temperatureClass) => {
    const row = rows.find((r) => r.temperatureClass === temperatureClass);
    return {
      temperatureClass,
      boundaries: row?.boundaries ?? defaultBoundaries(temperatureClass),
      custom: Boolean(row),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

/** PUT /api/v1/admin/temperature-rules/{temperatureClass}: administrators set a class's boundaries (audited). */
export async function setTemperatureRule(
  services: Services,
  actor: Actor,
  input: { temperatureClass: TTemperatureRule['temperatureClass']; boundaries: TTemperatureBoundary[] },
): Promise<TTemperatureRule> {
  if (!mayEditTemperatureRules(actor)) throw forbidden('Only an administrator sets temperature rules');
  const now = services.clock.now();
  const { temperatureClass, boundaries } = input;
  await services.db.transaction(async (tx) => {
    const before = await boundariesFor(tx, temperatureClass);
    await tx
      .insert(temperatureRules)
      .values({ temperatureClass, boundaries, updatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({ target: temperatureRules.temperatureClass, set: { boundaries, updatedBy: actor.id, updatedAt: now } });
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'temperature_rule.set',
        targetType: 'temperature_rule',
        ip: actor.ip,
        details: { temperatureClass, before, after: boundaries },
      },
      now,
    );
  });
  return { temperatureClass, boundaries, custom: true, updatedAt: now.toISOString() };
}
