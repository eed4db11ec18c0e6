import { DISCREPANCY_NOT_FOUND, type TDiscrepancyResponse } from '@courier/contract';
import { notFound } from '../../platform/app-error.js';
import { auditRead } from '../../platform/audit.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findDiscrepancyDetail } from './discrepancy-json.js';

/** GET /admin/discrepancies/{id}: the case and its timeline. */
export async function readDiscrepancy(services: Services, actor: Actor, input: { id: string }): Promise<TDiscrepancyResponse> {
  assertAudience(actor, 'staff');
  const data = await findDiscrepancyDetail(services.db, input.id, services.clock.now());
  if (!data) throw notFound(DISCREPANCY_NOT_FOUND);
  await auditRead(services, actor, 'discrepancy.read', { targetType: 'discrepancy', targetId: data._id });
  return { success: true, data };
}
