import { SPECIMEN_MAX_STABLE_HOURS } from '@courier/contract';

/** The handling part of the request form, as strings the form holds. */
export interface THandlingForm {
  priority: string;
  temperature: string;
  /** 'true' or 'false'. */
  controlledSubstance: string;
  specimenCategory: string;
  /** A datetime-local value in the browser's time zone. */
  specimenCollectedAt: string;
  specimenStableHours: string;
}

export type THandlingField = keyof THandlingForm;

export const HANDLING_DEFAULTS: THandlingForm = {
  priority: 'routine',
  temperature: 'ambient',
  controlledSubstance: 'false',
  specimenCategory: 'UN3373',
  specimenCollectedAt: '',
  specimenStableHours: '',
};

export const HANDLING_LABELS: Record<THandlingField, string> = {
  priority: 'Priority',
  temperature: 'Temperature',
  controlledSubstance: 'Controlled substance',
  specimenCategory: 'Specimen category',
  specimenCollectedAt: 'Collected at',
  specimenStableHours: 'Stable for (hours)',
};

/** The Package step's handling problems: a specimen needs its collection time and stability, in the past and positive. */
export function handlingErrors(
  form: THandlingForm & { packageType: string },
  now: Date = new Date(),
): Partial<Record<THandlingField, string>> {
  const errors: Partial<Record<THandlingField, string>> = {};
  if (form.packageType !== 'SPECIMEN') return errors;
  const collected = new Date(form.specimenCollectedAt);
  if (!form.specimenCollectedAt.trim()) errors.specimenCollectedAt = 'Collected at is required';
  else if (Number.isNaN(collected.getTime())) errors.specimenCollectedAt = 'Enter a valid date and time';
  else if (collected.getTime() > now.getTime() + 5 * 60_000) errors.specimenCollectedAt = 'Collected at cannot be in the future';
  const hours = Number(form.specimenStableHours);
  if (!form.specimenStableHours.trim()) errors.specimenStableHours = 'Stable for (hours) is required';
  else if (!Number.isFinite(hours) || hours <= 0 || hours > SPECIMEN_MAX_STABLE_HOURS)
    errors.specimenStableHours = `Enter hours from 1 to ${SPECIMEN_MAX_STABLE_HOURS}`;
  else if (!errors.specimenCollectedAt && collected.getTime() + hours * 3_600_000 <= now.getTime())
    errors.specimenCollectedAt = 'The specimen is past its stability deadline';
  return errors;
}

/** The request body's handling fields: the specimen only for a specimen, controlled only for medication. */
export function handlingPayload(form: THandlingForm & { packageType: string }) {
  return {
    priority: form.priority,
    temperature: form.temperature,
    controlledSubstance: form.packageType === 'MEDICATION' && form.controlledSubstance === 'true',
    ...(form.packageType === 'SPECIMEN'
      ? {
          specimen: {
            category: form.specimenCategory,
            collectedAt: new Date(form.specimenCollectedAt).toISOString(),
            stableForHours: Number(form.specimenStableHours),
          },
        }
      : {}),
  };
}

/** The form field a server's 400 names ("specimen.collectedAt" is the form's specimenCollectedAt). */
export function handlingFieldOf(serverField: string | undefined): THandlingField | null {
  if (!serverField) return null;
  const map: Record<string, THandlingField> = {
    priority: 'priority',
    temperature: 'temperature',
    controlledSubstance: 'controlledSubstance',
    specimen: 'specimenCollectedAt',
    'specimen.category': 'specimenCategory',
    'specimen.collectedAt': 'specimenCollectedAt',
    'specimen.stableForHours': 'specimenStableHours',
  };
  return map[serverField] ?? null;
}
