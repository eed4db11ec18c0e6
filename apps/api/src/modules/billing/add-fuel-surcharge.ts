import { type TFuelSurchargeRequest, ZFuelSurchargeRequest } from '@courier/contract';
import { and, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { fuelSurcharges } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayEditPricing } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { PRICING_EDIT_FORBIDDEN } from './create-rate-card.js';
import { toFuelSurchargeJson } from './fuel-surcharge-json.js';

/** Transaction-scoped lock key: two administrators adding ranges at once check overlaps one after the other. */
const FUEL_LOCK_KEY = 0x6675656c; // "fuel"
const LAST_DAY = '9999-12-31';

/** An administrator sets the fuel percentage for a run of days; ranges never overlap (409 naming the one in the way). */
export async function addFuelSurcharge(services: Services, actor: Actor, input: TFuelSurchargeRequest) {
  if (!mayEditPricing(actor)) throw forbidden(PRICING_EDIT_FORBIDDEN);
  const form = ZFuelSurchargeRequest.parse(input);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FUEL_LOCK_KEY})`);
    const to = form.to ?? LAST_DAY;
    const [clash] = await tx
      .select()
      .from(fuelSurcharges)
      .where(and(lte(fuelSurcharges.from, to), or(isNull(fuelSurcharges.to), gte(fuelSurcharges.to, form.from))))
      .limit(1);
    if (clash) {
      throw conflict(`Fuel surcharge dates overlap the one from ${clash.from}${clash.to ? ` to ${clash.to}` : ' (no end)'}`);
    }
    const [row] = await tx
      .insert(fuelSurcharges)
      .values({ from: form.from, to: form.to ?? null, percent: form.percent, createdBy: actor.id, createdAt: now })
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'fuel_surcharge.create',
        targetType: 'fuel_surcharge',
        targetId: row.id,
        ip: actor.ip,
        details: { after: form },
      },
      now,
    );
    return toFuelSurchargeJson(row);
  });
}
