import { z } from 'zod';
import { MANAGER_ROLES } from './roles.js';
import { line, note } from './text.js';

/**
 * Medical handling: priority, temperature classes, specimens, controlled substances, readings,
 * holds, dispositions and receipts. Every range and list lives here and nowhere else.
 */

export const PRIORITIES = ['routine', 'stat'] as const;
export type TPriority = (typeof PRIORITIES)[number];
export const PRIORITY_LABELS: Record<TPriority, string> = { routine: 'Routine', stat: 'STAT' };
/** A STAT delivery is picked up within this many minutes of approval. */
export const STAT_PICKUP_MINUTES = 60;
/** A STAT delivery nobody is assigned to this many minutes after approval is escalated (once) to MANAGER and above. */
export const STAT_ESCALATE_MINUTES = 15;

export const TEMPERATURE_CLASSES = ['ambient', 'controlled_room', 'refrigerated', 'frozen'] as const;
export type TTemperatureClass = (typeof TEMPERATURE_CLASSES)[number];

export interface TemperatureRange {
  /** The range the class promises, for labels and the booking form. */
  targetMin: number;
  targetMax: number;
  /** Readings outside [min, max] are excursions. */
  min: number;
  max: number;
}

/** The accepted range of each class; ambient has none (no control). */
export const TEMPERATURE_RANGES: Record<Exclude<TTemperatureClass, 'ambient'>, TemperatureRange> = {
  controlled_room: { targetMin: 20, targetMax: 25, min: 15, max: 30 },
  refrigerated: { targetMin: 2, targetMax: 8, min: 2, max: 8 },
  frozen: { targetMin: -25, targetMax: -10, min: -25, max: -10 },
};

export const TEMPERATURE_LABELS: Record<TTemperatureClass, string> = {
  ambient: 'Ambient (no temperature control)',
  controlled_room: 'Controlled room temperature (20-25 °C, 15-30 °C tolerated)',
  refrigerated: 'Refrigerated (2-8 °C)',
  frozen: 'Frozen (-25 to -10 °C)',
};
/** Short names for badges. */
export const TEMPERATURE_SHORT: Record<TTemperatureClass, string> = {
  ambient: 'Ambient',
  controlled_room: 'CRT 20-25 °C',
  refrigerated: 'Fridge 2-8 °C',
  frozen: 'Frozen -25 to -10 °C',
};
/** What the label prints, large. */
export const TEMPERATURE_LABEL_MARKS: Record<TTemperatureClass, string | null> = {
  ambient: null,
  controlled_room: 'STORE AT 20-25 °C',
  refrigerated: 'REFRIGERATE 2-8 °C',
  frozen: 'KEEP FROZEN -25 to -10 °C',
};

export const isTemperatureControlled = (t: string): t is Exclude<TTemperatureClass, 'ambient'> => t in TEMPERATURE_RANGES;

/** Whether a reading is within its class's accepted range (always true for ambient). */
export function temperatureInRange(t: string, celsius: number): boolean {
  if (!isTemperatureControlled(t)) return true;
  const r = TEMPERATURE_RANGES[t];
  return celsius >= r.min && celsius <= r.max;
}

export const SPECIMEN_CATEGORIES = ['UN3373', 'exempt', 'drug_test'] as const;
export type TSpecimenCategory = (typeof SPECIMEN_CATEGORIES)[number];
export const SPECIMEN_CATEGORY_LABELS: Record<TSpecimenCategory, string> = {
  UN3373: 'UN3373 Biological substance, Category B',
  exempt: 'Exempt specimen',
  drug_test: 'Drug test (CCF)',
};
export const SPECIMEN_MAX_STABLE_HOURS = 24 * 30;

/** The UN3373 packaging a driver attests to at pickup (P650), in order, with why each matters. */
export const PACKAGING_CHECKS = [
  'leakProofPrimary',
  'absorbent',
  'secondaryContainer',
  'rigidOuter',
  'un3373Mark',
  'responsiblePersonOnOuter',
] as const;
export type TPackagingCheck = (typeof PACKAGING_CHECKS)[number];
export const PACKAGING_CHECK_LABELS: Record<TPackagingCheck, { label: string; reason: string }> = {
  leakProofPrimary: { label: 'Leak-proof primary receptacle', reason: 'The tube or cup itself must not leak.' },
  absorbent: { label: 'Absorbent material', reason: 'Enough to soak up the whole sample if the primary breaks.' },
  secondaryContainer: { label: 'Leak-proof secondary packaging', reason: 'A sealed bag or can around the primary.' },
  rigidOuter: { label: 'Rigid outer packaging', reason: 'A box strong enough for the trip.' },
  un3373Mark: { label: 'UN3373 diamond on the outer box', reason: 'Handlers must see what is inside.' },
  responsiblePersonOnOuter: {
    label: 'Responsible person named on the outer box',
    reason: 'Name and phone of someone who can answer for the shipment.',
  },
};

export const ID_TYPES = ['driver_license', 'state_id', 'passport', 'other'] as const;
export type TIdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Record<TIdType, string> = {
  driver_license: "Driver's license",
  state_id: 'State ID',
  passport: 'Passport',
  other: 'Other photo ID',
};
export const ID_RELATIONSHIPS = ['patient', 'caregiver', 'facility_staff'] as const;
export type TIdRelationship = (typeof ID_RELATIONSHIPS)[number];
export const ID_RELATIONSHIP_LABELS: Record<TIdRelationship, string> = {
  patient: 'Patient',
  caregiver: 'Caregiver',
  facility_staff: 'Facility staff',
};

export const READING_SOURCES = ['probe', 'logger'] as const;
export type TReadingSource = (typeof READING_SOURCES)[number];
export const TEMPERATURE_LOG_MAX_ROWS = 10_000;
export const CELSIUS_MIN = -100;
export const CELSIUS_MAX = 100;

export const DISPOSITION_ACTIONS = ['continue', 'return', 'discard'] as const;
export type TDispositionAction = (typeof DISPOSITION_ACTIONS)[number];
export const DISPOSITION_LABELS: Record<TDispositionAction, string> = {
  continue: 'Continue the delivery',
  return: 'Return to sender',
  discard: 'Discard (end the trip as cancelled)',
};

export const RECEIPT_STATUSES = ['accepted', 'rejected'] as const;
export type TReceiptStatus = (typeof RECEIPT_STATUSES)[number];
/** Why a receiving laboratory refuses a parcel: the lab's own reasons first; damaged and wrong destination stay for receipts already recorded. */
export const REJECTION_REASONS = [
  'haemolysed',
  'insufficient_volume',
  'wrong_tube',
  'unlabelled',
  'leaking',
  'temperature',
  'damaged',
  'wrong_destination',
  'other',
] as const;
export type TRejectionReason = (typeof REJECTION_REASONS)[number];
export const REJECTION_REASON_LABELS: Record<TRejectionReason, string> = {
  haemolysed: 'Haemolysed',
  insufficient_volume: 'Insufficient volume',
  wrong_tube: 'Wrong tube',
  unlabelled: 'Unlabelled',
  leaking: 'Leaking',
  temperature: 'Temperature out of range',
  damaged: 'Damaged',
  wrong_destination: 'Wrong destination',
  other: 'Other',
};
/** The receipt's comment: the lab's words, required with the reason "other". */
export const RECEIPT_COMMENT_MAX = 500;
export const RECEIPT_COMMENT_REQUIRED = 'comment is required when the reason is other';
/** A receipt link works this long after delivery, and once. */
export const RECEIPT_TOKEN_DAYS = 7;

/** The booking stands, with this warning, when the estimate falls after the specimen's stability deadline. */
export const STABILITY_WARNING =
  'The estimated delivery is after the specimen’s stability deadline. Consider STAT or a faster delivery type.';
/** The same when STAT is chosen already: never suggest what the customer did. */
export const STABILITY_WARNING_STAT =
  'The estimated delivery is after the specimen’s stability deadline, even as STAT. Choose a faster delivery type or call us.';

/** What a delivered parcel the receiving laboratory rejected shows instead of "delivered", to the customer and the public (never the reason in public). */
export const REJECTED_STATUS_WORD = 'Rejected by lab';
export const isRejectedByLab = (d: { receipt?: { status: string } | null }): boolean => d.receipt?.status === 'rejected';

const isoDate = z.iso.datetime();

export const ZSpecimen = z.object({
  category: z.enum(SPECIMEN_CATEGORIES, { error: `specimen.category must be one of ${SPECIMEN_CATEGORIES.join(', ')}` }),
  collectedAt: isoDate,
  stableForHours: z.number(),
  /** collectedAt + stableForHours. */
  stabilityDeadline: isoDate,
});
export type TSpecimen = z.infer<typeof ZSpecimen>;

export const ZTemperatureReading = z.object({
  celsius: z.number(),
  at: isoDate,
  source: z.enum(READING_SOURCES),
  inRange: z.boolean(),
});
export type TTemperatureReading = z.infer<typeof ZTemperatureReading>;

export const ZHold = z.object({ reason: z.string(), since: isoDate });
export type THold = z.infer<typeof ZHold>;

export const ZDisposition = z.object({ action: z.enum(DISPOSITION_ACTIONS), note: z.string(), at: isoDate });
export type TDisposition = z.infer<typeof ZDisposition>;

export const ZReceipt = z.object({
  status: z.enum(RECEIPT_STATUSES),
  reason: z.string().nullable(),
  /** The lab's comment, or null. */
  comment: z.string().nullable(),
  receivedBy: z.string(),
  receivedAt: isoDate,
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** The handling fields every delivery answer carries (owner, staff, driver). */
export const ZHandling = z.object({
  priority: z.enum(PRIORITIES),
  temperature: z.enum(TEMPERATURE_CLASSES),
  specimen: ZSpecimen.nullable(),
  stabilityDeadline: isoDate.nullable(),
  controlledSubstance: z.boolean(),
  /** STAT: approval + 60 minutes, else null. */
  pickUpBy: isoDate.nullable(),
  temperatureReadings: z.array(ZTemperatureReading),
  hold: ZHold.nullable(),
  disposition: ZDisposition.nullable(),
  receipt: ZReceipt.nullable(),
});
export type THandling = z.infer<typeof ZHandling>;

// Requests.

const celsius = (label: string) =>
  z
    .number({ error: `${label} must be a number of degrees Celsius` })
    .min(CELSIUS_MIN, `${label} must be at least ${CELSIUS_MIN}`)
    .max(CELSIUS_MAX, `${label} must be at most ${CELSIUS_MAX}`);

export const ZTemperatureC = z.coerce
  .number({ error: 'temperatureC must be a number of degrees Celsius' })
  .min(CELSIUS_MIN, `temperatureC must be at least ${CELSIUS_MIN}`)
  .max(CELSIUS_MAX, `temperatureC must be at most ${CELSIUS_MAX}`);

export const ZPackagingChecklist = z.object(
  Object.fromEntries(PACKAGING_CHECKS.map((k) => [k, z.boolean().optional()])) as Record<TPackagingCheck, z.ZodOptional<z.ZodBoolean>>,
);
export type TPackagingChecklist = z.infer<typeof ZPackagingChecklist>;

export const ZTemperatureReadingRequest = z.object({
  celsius: celsius('celsius'),
  at: z.iso.datetime({ error: 'at must be an ISO date and time' }).optional(),
});
export type TTemperatureReadingRequest = z.infer<typeof ZTemperatureReadingRequest>;

export const ZDispositionRequest = z.object({
  action: z.enum(DISPOSITION_ACTIONS, { error: `action must be one of ${DISPOSITION_ACTIONS.join(', ')}` }),
  note: note('note', 500).min(1, 'note is required'),
});
export type TDispositionRequest = z.infer<typeof ZDispositionRequest>;

export const ZReceiptRequest = z
  .object({
    status: z.enum(RECEIPT_STATUSES, { error: `status must be one of ${RECEIPT_STATUSES.join(', ')}` }),
    reason: z.enum(REJECTION_REASONS, { error: `reason must be one of ${REJECTION_REASONS.join(', ')}` }).optional(),
    receivedBy: line('receivedBy', 120).min(1, 'receivedBy is required'),
    comment: note('comment', RECEIPT_COMMENT_MAX).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.status === 'rejected' && !r.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reason is required to reject' });
    if (r.status === 'rejected' && r.reason === 'other' && !r.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: RECEIPT_COMMENT_REQUIRED });
  });
export type TReceiptRequest = z.infer<typeof ZReceiptRequest>;

/** GET /api/v1/receipts/{token}: only what the receiving lab needs to find the parcel. */
export const ZReceiptPage = z.object({
  success: z.literal(true),
  data: z.object({
    orderId: z.string(),
    deliveredAt: isoDate.nullable(),
    temperature: z.enum(TEMPERATURE_CLASSES),
    specimenCategory: z.enum(SPECIMEN_CATEGORIES).nullable(),
    receipt: ZReceipt.nullable(),
  }),
});
export type TReceiptPage = z.infer<typeof ZReceiptPage>;

/** The fields of the proof form when the parcel is a controlled substance. */
export const ZIdCheck = z.object({
  idType: z.enum(ID_TYPES, { error: `idType must be one of ${ID_TYPES.join(', ')}` }),
  idLast4: z
    .string({ error: 'idLast4 is required' })
    .trim()
    .length(4, 'idLast4 must be exactly the last 4 characters of the ID')
    .regex(/^[A-Za-z0-9]{4}$/, 'idLast4 must be 4 letters or digits'),
  idName: line('idName', 120).min(1, 'idName is required'),
  relationship: z.enum(ID_RELATIONSHIPS, { error: `relationship must be one of ${ID_RELATIONSHIPS.join(', ')}` }),
});
export type TIdCheck = z.infer<typeof ZIdCheck>;

/** The countdowns the board shows: STAT pick-up-by and the specimen's stability deadline. */
export function pickUpByOf(priority: string, approvedAt: Date | null): Date | null {
  return priority === 'stat' && approvedAt ? new Date(approvedAt.getTime() + STAT_PICKUP_MINUTES * 60_000) : null;
}

/** The handling of a routine, ambient parcel with nothing recorded: what every delivery booked before medical handling existed answers. */
export const ROUTINE_HANDLING: THandling = {
  priority: 'routine',
  temperature: 'ambient',
  specimen: null,
  stabilityDeadline: null,
  controlledSubstance: false,
  pickUpBy: null,
  temperatureReadings: [],
  hold: null,
  disposition: null,
  receipt: null,
};

/** Dispositions are for MANAGER and above. */
export const DISPOSITION_ROLES = MANAGER_ROLES;
export const mayRecordDisposition = (role: string | undefined): boolean => (DISPOSITION_ROLES as readonly string[]).includes(role ?? '');

/** A receipt link's token in the path. */
export const ZReceiptTokenParams = z.object({ token: z.string().min(1).max(300) });
/** A data logger's export, sent as text/csv. */
export const ZTemperatureLogCsv = z.string({ error: 'body: Send the log as text/csv' });
