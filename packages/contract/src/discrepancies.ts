import { z } from 'zod';
import { ZDateBound, ZPageQuery, ZPaging } from './paging.js';
import { note } from './text.js';

/**
 * Discrepancy cases: every piece that does not reach the lab as it left (missing, damaged, rejected, warm,
 * unexpected, left behind, a controlled count that changed) opens one, worked by dispatch to a resolution.
 */

export const DISCREPANCY_KINDS = [
  'missing',
  'damaged',
  'rejected',
  'temperature',
  'unexpected',
  'not_handed_over',
  'controlled_count',
] as const;
export type TDiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];
export const DISCREPANCY_KIND_LABELS: Record<TDiscrepancyKind, string> = {
  missing: 'Missing at the lab',
  damaged: 'Damaged',
  rejected: 'Rejected by the lab',
  temperature: 'Temperature out of range',
  unexpected: 'Unexpected piece',
  not_handed_over: 'Not handed over at pickup',
  controlled_count: 'Controlled-substance count differs',
};

export const DISCREPANCY_STATUSES = ['open', 'investigating', 'resolved'] as const;
export type TDiscrepancyStatus = (typeof DISCREPANCY_STATUSES)[number];
export const DISCREPANCY_STATUS_LABELS: Record<TDiscrepancyStatus, string> = {
  open: 'Open',
  investigating: 'Investigating',
  resolved: 'Resolved',
};

/** A case moves forward only: open -> investigating -> resolved (open may be resolved at once); a resolved case stays so. */
export function canMoveDiscrepancy(from: TDiscrepancyStatus, to: TDiscrepancyStatus): boolean {
  return DISCREPANCY_STATUSES.indexOf(to) > DISCREPANCY_STATUSES.indexOf(from);
}

/** A case is due this many hours after it opened; an unresolved case past it is overdue (red on the board). */
export const DISCREPANCY_DUE_HOURS = 24;
export const discrepancyDueAt = (openedAt: Date): Date => new Date(openedAt.getTime() + DISCREPANCY_DUE_HOURS * 3_600_000);
export const isDiscrepancyOverdue = (c: { status: string; openedAt: string | Date }, now: Date): boolean =>
  c.status !== 'resolved' && discrepancyDueAt(new Date(c.openedAt)).getTime() < now.getTime();

export const DISCREPANCY_NOTE_MAX = 2000;
export const DISCREPANCY_RESOLUTION_REQUIRED = 'resolution is required to resolve a case';
export const DISCREPANCY_MOVE_REFUSED = 'A case moves from open to investigating to resolved, never back';
export const DISCREPANCY_NOT_FOUND = 'Case not found';
export const DISCREPANCY_ASSIGNEE_NOT_STAFF = 'assigneeId must be an active staff account';
export const LOSS_REPORT_ONLY_CONTROLLED = 'A loss report is offered for controlled-substance cases only';

/** What every delivery answer carries for its owner and staff. */
export const ZDiscrepancySummary = z.object({
  id: z.string(),
  kind: z.enum(DISCREPANCY_KINDS),
  status: z.enum(DISCREPANCY_STATUSES),
  openedAt: z.iso.datetime(),
});
export type TDiscrepancySummary = z.infer<typeof ZDiscrepancySummary>;

const ZRef = z.object({ _id: z.string(), name: z.string() });

export const ZDiscrepancyTimelineEntry = z.object({
  _id: z.string(),
  /** opened, note, status, assigned. */
  kind: z.enum(['opened', 'note', 'status', 'assigned']),
  text: z.string(),
  author: ZRef.nullable(),
  createdAt: z.iso.datetime(),
});
export type TDiscrepancyTimelineEntry = z.infer<typeof ZDiscrepancyTimelineEntry>;

export const ZDiscrepancy = z.object({
  _id: z.string(),
  kind: z.enum(DISCREPANCY_KINDS),
  status: z.enum(DISCREPANCY_STATUSES),
  delivery: z.object({ _id: z.string(), orderId: z.string() }).nullable(),
  /** The piece's id and barcode (null for a delivery-level case); an unexpected scan names only its barcode. */
  piece: z.object({ id: z.string().nullable(), barcode: z.string() }).nullable(),
  account: ZRef.nullable(),
  driver: ZRef.nullable(),
  assignee: ZRef.nullable(),
  /** Why it opened, in words (the lab's reason and note, the count, what an unexpected barcode is). */
  detail: z.string(),
  reason: z.string().nullable(),
  /** Controlled counts: the count expected and the count received, in unit. */
  expectedQuantity: z.number().nullable(),
  countedQuantity: z.number().nullable(),
  unit: z.string().nullable(),
  openedAt: z.iso.datetime(),
  dueAt: z.iso.datetime(),
  overdue: z.boolean(),
  resolvedAt: z.iso.datetime().nullable(),
  resolution: z.string().nullable(),
});
export type TDiscrepancy = z.infer<typeof ZDiscrepancy>;

export const ZDiscrepancyDetail = ZDiscrepancy.extend({ timeline: z.array(ZDiscrepancyTimelineEntry) });
export type TDiscrepancyDetail = z.infer<typeof ZDiscrepancyDetail>;

export const ZDiscrepancyQuery = ZPageQuery.extend({
  status: z.enum(DISCREPANCY_STATUSES, { error: `status must be one of ${DISCREPANCY_STATUSES.join(', ')}` }).optional(),
  kind: z.enum(DISCREPANCY_KINDS, { error: `kind must be one of ${DISCREPANCY_KINDS.join(', ')}` }).optional(),
  accountId: z.string().max(64).optional(),
  /** Opened at or after (an ISO date or date-time). */
  from: ZDateBound,
  /** Opened at or before. */
  to: ZDateBound,
});
export type TDiscrepancyQuery = z.infer<typeof ZDiscrepancyQuery>;

export const ZDiscrepancyListResponse = z.object({
  success: z.literal(true),
  data: z.array(ZDiscrepancy),
  paging: ZPaging,
});
export type TDiscrepancyListResponse = z.infer<typeof ZDiscrepancyListResponse>;

export const ZDiscrepancyResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: ZDiscrepancyDetail });
export type TDiscrepancyResponse = z.infer<typeof ZDiscrepancyResponse>;

export const ZDiscrepancyUpdateRequest = z
  .object({
    status: z.enum(DISCREPANCY_STATUSES, { error: `status must be one of ${DISCREPANCY_STATUSES.join(', ')}` }).optional(),
    /** A staff account's id; null unassigns. */
    assigneeId: z.string().max(64).nullable().optional(),
    resolution: note('resolution', DISCREPANCY_NOTE_MAX).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.status === 'resolved' && !r.resolution?.trim())
      ctx.addIssue({ code: 'custom', path: ['resolution'], message: DISCREPANCY_RESOLUTION_REQUIRED });
  });
export type TDiscrepancyUpdateRequest = z.infer<typeof ZDiscrepancyUpdateRequest>;

export const ZDiscrepancyNoteRequest = z.object({ text: note('text', DISCREPANCY_NOTE_MAX).min(1, 'text is required') });
export type TDiscrepancyNoteRequest = z.infer<typeof ZDiscrepancyNoteRequest>;
