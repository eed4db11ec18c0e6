import { z } from 'zod';
import { line, note } from './text.js';
import { statusLabel } from './deliveries.js';

/** Failed attempts, re-attempts and returns to the sender. */

const isoDate = z.iso.datetime();

/** Why a drop failed, as the driver picks it; `other` needs a note. */
export const ATTEMPT_REASONS = [
  'recipient_absent',
  'refused',
  'wrong_address',
  'access_denied',
  'damaged',
  'unsafe_location',
  'other',
] as const;
export type TAttemptReason = (typeof ATTEMPT_REASONS)[number];

/** The reasons in plain words, for the driver's choices, dispatch, the owner and the owner's messages. */
export const ATTEMPT_REASON_LABELS: Record<TAttemptReason, string> = {
  recipient_absent: 'Recipient absent',
  refused: 'Refused',
  wrong_address: 'Wrong address',
  access_denied: 'No access',
  damaged: 'Damaged',
  unsafe_location: 'Unsafe location',
  other: 'Other',
};

/** The reasons public tracking may name: none of them says anything about a person or the parcel. */
export const PUBLIC_ATTEMPT_REASONS: readonly TAttemptReason[] = ['recipient_absent', 'access_denied', 'wrong_address'];

/** Default of MAX_DELIVERY_ATTEMPTS: past it, only a return is offered. */
export const DEFAULT_MAX_DELIVERY_ATTEMPTS = 2;
/** A failed attempt nobody decided on within this many minutes is flagged late on the board. */
export const EXCEPTION_DECISION_MINUTES = 30;

export const ATTEMPT_NOTE_MAX = 500;
export const OTHER_NEEDS_NOTE = 'Describe what happened when the reason is other';

/** One failed attempt as every delivery answer lists it. */
export const ZDeliveryAttempt = z.object({
  n: z.number().int(),
  at: isoDate,
  reason: z.enum(ATTEMPT_REASONS),
  note: z.string(),
  /** A short-lived signed link to the driver's photo, or null. */
  photo: z.string().nullable(),
  driver: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** What dispatch decided: null while waiting. */
  decision: z.enum(['reattempt', 'return']).nullable(),
  decidedAt: isoDate.nullable(),
  /** The re-attempt's window, when one was set. */
  nextWindow: z.object({ from: isoDate, to: isoDate }).nullable(),
});
export type TDeliveryAttempt = z.infer<typeof ZDeliveryAttempt>;

/** The hand-back to the sender that ends a return. */
export const ZReturnProof = z.object({
  photo: z.string().nullable(),
  signature: z.string().nullable(),
  receivedBy: z.string(),
  timestamp: isoDate,
  notes: z.string(),
});
export type TReturnProof = z.infer<typeof ZReturnProof>;

const ZWindowBound = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO date-time` });

export const ZReattemptRequest = z.object({
  /** Another driver collects the parcel from the first; absent (or the same driver): the parcel stays on board. */
  driverId: line('Driver', 64).optional(),
  window: z
    .object({ from: ZWindowBound('Window start'), to: ZWindowBound('Window end') }, { error: 'Window is required: { from, to }' })
    .refine((w) => Date.parse(w.to) > Date.parse(w.from), { message: 'Window end must be after its start', path: ['to'] }),
  note: note('Note', ATTEMPT_NOTE_MAX).optional(),
});
export type TReattemptRequest = z.infer<typeof ZReattemptRequest>;

export const ZReturnRequest = z.object({
  note: note('Note', ATTEMPT_NOTE_MAX).min(1, 'Note is required'),
});
export type TReturnRequest = z.infer<typeof ZReturnRequest>;

/** Statistics of first attempts and returns, overall, by day and by driver. */
export const ZAttemptFigures = z.object({
  /** Of the deliveries that ended (delivered or returned), the share delivered without a failed attempt; null when none ended. */
  firstAttemptRate: z.number().nullable(),
  /** Attempts (failed ones plus the successful drop) per ended delivery; null when none ended. */
  attemptsPerDelivery: z.number().nullable(),
  returns: z.number().int(),
});
export type TAttemptFigures = z.infer<typeof ZAttemptFigures>;

/** How timelines (public tracking, the owner's page) name the exception steps; other statuses read as their label. */
export const EXCEPTION_TIMELINE_WORDS: Readonly<Record<string, string>> = {
  failed_attempt: 'Delivery attempted',
  returning: 'Returning to sender',
  returned: 'Returned',
};
export const timelineStepLabel = (status: string): string => EXCEPTION_TIMELINE_WORDS[status] ?? statusLabel(status);
