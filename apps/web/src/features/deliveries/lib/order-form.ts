import { isValidEmail, DELIVERY_DEFAULTS, IMAGE_MIME_TYPES, isValidContactPhone, MAX_IMAGE_BYTES, MESSAGES } from '@courier/contract';
import type { TDeliveryRequestForm } from '../api/create-delivery';
import { HANDLING_DEFAULTS, HANDLING_LABELS, handlingErrors, handlingFieldOf } from './handling-form';

export type TOrderField = keyof TDeliveryRequestForm;
export type TOrderStep = 1 | 2 | 3;

export const ORDER_STEPS: { step: TOrderStep; title: string; short: string; fields: TOrderField[] }[] = [
  { step: 1, title: 'Sender Information', short: 'Sender', fields: ['senderPhone', 'pickupAddress'] },
  {
    step: 2,
    title: 'Recipient Information',
    short: 'Recipient',
    fields: ['recipientName', 'recipientPhone', 'recipientEmail', 'deliveryAddress', 'requiredBy'],
  },
  { step: 3, title: 'Package Details', short: 'Package', fields: ['packageType', 'packageSize', 'deliveryType'] },
];

export const FIELD_LABELS: Record<TOrderField, string> = {
  senderPhone: 'Sender phone',
  pickupAddress: 'Pickup address',
  recipientName: 'Recipient name',
  recipientPhone: 'Recipient phone',
  recipientEmail: 'Recipient e-mail',
  deliveryAddress: 'Delivery address',
  requiredBy: 'Required by',
  packageType: 'Package type',
  packageSize: 'Package size',
  deliveryType: 'Delivery type',
  specialInstructions: 'Special instructions',
  reference: 'Reference',
  ...HANDLING_LABELS,
};

/** The form's first values: the sender's phone and pickup address come from the signed-in user. */
export function initialOrderForm(user: { phone?: string; address?: string } | null): TDeliveryRequestForm {
  return {
    senderPhone: user?.phone ?? '',
    pickupAddress: user?.address ?? '',
    recipientName: '',
    recipientPhone: '',
    recipientEmail: '',
    deliveryAddress: '',
    requiredBy: '',
    packageType: DELIVERY_DEFAULTS.packageType,
    packageSize: DELIVERY_DEFAULTS.packageSize,
    deliveryType: DELIVERY_DEFAULTS.deliveryType,
    specialInstructions: '',
    reference: '',
    ...HANDLING_DEFAULTS,
  };
}

export interface TStepCheck {
  ok: boolean;
  /** The banner: 'Please fill in all required fields' while any is empty, else the first field problem. */
  message: string | null;
  errors: Partial<Record<TOrderField, string>>;
}

/** Whether a step may be left with Next: its required fields filled, phones and e-mail valid, required-by ahead. */
export function checkStep(step: TOrderStep, form: TDeliveryRequestForm, now: Date = new Date()): TStepCheck {
  const errors: Partial<Record<TOrderField, string>> = {};
  let missing = false;
  for (const field of ORDER_STEPS[step - 1].fields) {
    const value = form[field].trim();
    if (!value) {
      missing = true;
      errors[field] = `${FIELD_LABELS[field]} is required`;
    } else if ((field === 'senderPhone' || field === 'recipientPhone') && !isValidContactPhone(value)) {
      errors[field] = 'Enter a valid phone number';
    } else if (field === 'recipientEmail' && !isValidEmail(value)) {
      errors[field] = 'Enter a valid e-mail address';
    } else if (field === 'requiredBy') {
      const at = new Date(value);
      if (Number.isNaN(at.getTime())) errors[field] = 'Enter a valid date and time';
      else if (at.getTime() <= now.getTime()) errors[field] = 'Choose a date and time in the future';
    }
  }
  if (step === 3) Object.assign(errors, handlingErrors(form, now));
  const first = Object.values(errors)[0] ?? null;
  return { ok: !first, message: missing ? MESSAGES.fillRequired : first, errors };
}

/** Client-side image check before upload: JPEG, PNG or WebP of at most 5 MB (the server checks the bytes again). */
export function checkImage(file: { type: string; size: number }): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image';
  if (file.size > MAX_IMAGE_BYTES) return 'The image must be 5 MB or smaller';
  return null;
}

/** The step holding a field the server named, or null when the form has no such field on a step. */
export function stepOfField(field: string | undefined): TOrderStep | null {
  if (!field) return null;
  if (handlingFieldOf(field)) return 3;
  return (
    ORDER_STEPS.find((s) => (s.fields as string[]).includes(field))?.step ??
    (field === 'specialInstructions' || field === 'reference' ? 3 : null)
  );
}

/** The form field a server's 400 names: its own name, or the handling field it stands for. */
export const formFieldOf = (field: string): TOrderField => (handlingFieldOf(field) ?? field) as TOrderField;
