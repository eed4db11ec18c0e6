import {
  canMoveDiscrepancy,
  DISCREPANCY_ASSIGNEE_NOT_STAFF,
  DISCREPANCY_MOVE_REFUSED,
  DISCREPANCY_NOT_FOUND,
  DISCREPANCY_STATUS_LABELS,
  isStaff,
  roleFromId,
  type TDiscrepancyNoteRequest,
  type TDiscrepancyResponse,
  type TDiscrepancyUpdateRequest,
} from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { discrepancies, discrepancyNotes, users } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import { findDiscrepancyDetail } from './discrepancy-json.js';

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * PATCH /admin/discrepancies/{id}: move the case forward (open -> investigating -> resolved, a resolution to
 * resolve), assign it to a staff account; each change a timeline entry and an audit row, in one transaction.
 */
export async function updateDiscrepancy(
  services: Services,
  actor: Actor,
  input: TDiscrepancyUpdateRequest & { id: string },
): Promise<TDiscrepancyResponse> {
  assertAudience(actor, 'staff');
  if (!isUuid(input.id)) throw notFound(DISCREPANCY_NOT_FOUND);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [c] = await tx.select().from(discrepancies).where(eq(discrepancies.id, input.id)).for('update');
    if (!c) throw notFound(DISCREPANCY_NOT_FOUND);
    const set: Partial<typeof discrepancies.$inferInsert> = { updatedAt: now };
    const entries: { kind: 'status' | 'assigned'; text: string }[] = [];
    if (input.status && input.status !== c.status) {
      if (!canMoveDiscrepancy(c.status, input.status)) throw conflict(DISCREPANCY_MOVE_REFUSED);
      set.status = input.status;
      if (input.status === 'resolved') {
        set.resolution = input.resolution?.trim();
        set.resolvedAt = now;
      }
      entries.push({
        kind: 'status',
        text: `${DISCREPANCY_STATUS_LABELS[input.status]}${input.status === 'resolved' ? `: ${input.resolution?.trim()}` : ''}`,
      });
    }
    if (input.assigneeId !== undefined && input.assigneeId !== c.assigneeId) {
      if (input.assigneeId === null) {
        set.assigneeId = null;
        entries.push({ kind: 'assigned', text: 'Unassigned' });
      } else {
        const [u] = isUuid(input.assigneeId)
          ? await tx
              .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roleId: users.roleId })
              .from(users)
              .where(and(eq(users.id, input.assigneeId), eq(users.isDeleted, false), eq(users.isDisabled, false)))
          : [];
        if (!u || !isStaff(roleFromId(u.roleId))) throw badRequest(DISCREPANCY_ASSIGNEE_NOT_STAFF, 'assigneeId');
        set.assigneeId = u.id;
        entries.push({ kind: 'assigned', text: `Assigned to ${nameOf(u)}` });
      }
    }
    if (entries.length === 0) return;
    await tx.update(discrepancies).set(set).where(eq(discrepancies.id, c.id));
    await tx.insert(discrepancyNotes).values(entries.map((e) => ({ discrepancyId: c.id, authorId: actor.id, createdAt: now, ...e })));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'discrepancy.update',
        targetType: 'discrepancy',
        targetId: c.id,
        ip: actor.ip,
        details: { from: c.status, status: set.status, assigneeId: set.assigneeId },
      },
      now,
    );
  });
  const data = await findDiscrepancyDetail(services.db, input.id, now);
  if (!data) throw notFound(DISCREPANCY_NOT_FOUND);
  return { success: true, message: 'Case updated', data };
}

/** POST /admin/discrepancies/{id}/notes: a note on the timeline (a resolved case still takes notes). */
export async function addDiscrepancyNote(
  services: Services,
  actor: Actor,
  input: TDiscrepancyNoteRequest & { id: string },
): Promise<TDiscrepancyResponse> {
  assertAudience(actor, 'staff');
  if (!isUuid(input.id)) throw notFound(DISCREPANCY_NOT_FOUND);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [c] = await tx.select({ id: discrepancies.id }).from(discrepancies).where(eq(discrepancies.id, input.id));
    if (!c) throw notFound(DISCREPANCY_NOT_FOUND);
    await tx.insert(discrepancyNotes).values({ discrepancyId: c.id, kind: 'note', authorId: actor.id, text: input.text, createdAt: now });
    await tx.update(discrepancies).set({ updatedAt: now }).where(eq(discrepancies.id, c.id));
    await recordAudit(tx, { actorId: actor.id, action: 'discrepancy.note', targetType: 'discrepancy', targetId: c.id, ip: actor.ip }, now);
  });
  const data = await findDiscrepancyDetail(services.db, input.id, now);
  if (!data) throw notFound(DISCREPANCY_NOT_FOUND);
  return { success: true, message: 'Note added', data };
}
