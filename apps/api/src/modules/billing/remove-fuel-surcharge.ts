import { eq } from 'drizzle-orm';
import { fuelSurcharges } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayEditPricing } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { PRICING_EDIT_FORBIDDEN } from './create-rate-card.js';
import { toFuelSurchargeJson } from './fuel-surcharge-json.js';
import { isUuid } from '../../shared/ids.js';

export const FUEL_NOT_FOUND = 'Fuel surcharge not found';

/** An administrator removes a range (a priced delivery keeps the percentage it was priced with). */
export async function removeFuelSurcharge(services: Services, actor: Actor, input: { id: string }) {
  if (!mayEditPricing(actor)) throw forbidden(PRICING_EDIT_FORBIDDEN);
  if (!isUuid(input.id)) throw notFound(FUEL_NOT_FOUND);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [row] = await tx.delete(fuelSurcharges).where(eq(fuelSurcharges.id, input.id)).returning();
    if (!row) throw notFound(FUEL_NOT_FOUND);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'fuel_surcharge.delete',
        targetType: 'fuel_surcharge',
        targetId: row.id,
        ip: actor.ip,
        details: { before: toFuelSurchargeJson(row) },
      },
      now,
    );
  });
}
