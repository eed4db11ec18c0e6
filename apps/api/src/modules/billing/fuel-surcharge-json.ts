import type { TFuelSurcharge } from '@courier/contract';
import type { fuelSurcharges } from '../../db/schema/index.js';

export const toFuelSurchargeJson = (row: typeof fuelSurcharges.$inferSelect): TFuelSurcharge => ({
  _id: row.id,
  from: row.from,
  to: row.to,
  percent: Number(row.percent),
  createdAt: row.createdAt.toISOString(),
});
