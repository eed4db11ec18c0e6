import { z } from 'zod';
import { EMAIL_PATTERN, isValidContactPhone } from './phone.js';
import { line } from './text.js';

/** A customer's address book (/api/v1/addresses): pickup points and recipients saved while booking. */

export const SAVED_ADDRESS_KINDS = ['pickup', 'recipient'] as const;
export type TSavedAddressKind = (typeof SAVED_ADDRESS_KINDS)[number];

/** Enough for a busy lab's regular runs; more is a sign of a script, not a person. */
export const SAVED_ADDRESS_CAP = 100;
export const SAVED_ADDRESS_CAP_MESSAGE = `You can save at most ${SAVED_ADDRESS_CAP} addresses; delete one in Account Settings first`;

const text = (label: string, max: number) => line(label, max);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is required`);
const optionalText = (label: string, max: number) => text(label, max).optional().default('');

const ZSavedAddressName = required('Name', 80);

const ZPickupPoint = z.object({
  kind: z.literal('pickup'),
  label: ZSavedAddressName,
  address: required('Address', 300),
  contactName: optionalText('Contact name', 120),
  phone: optionalText('Phone', 25).refine((p) => p === '' || isValidContactPhone(p), 'Phone must be a valid phone number'),
  email: z.literal('').optional().default(''),
});

const ZSavedRecipient = z.object({
  kind: z.literal('recipient'),
  label: ZSavedAddressName,
  address: required('Address', 300),
  contactName: required('Recipient name', 120),
  phone: required('Recipient phone', 25).refine(isValidContactPhone, 'Recipient phone must be a valid phone number'),
  email: required('Recipient e-mail', 254)
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Recipient e-mail must be a valid e-mail address' }))
    .transform((e) => e.toLowerCase()),
});

export const ZCreateSavedAddressRequest = z.discriminatedUnion('kind', [ZPickupPoint, ZSavedRecipient], {
  error: `Kind must be one of ${SAVED_ADDRESS_KINDS.join(', ')}`,
});
export type TCreateSavedAddressRequest = z.infer<typeof ZCreateSavedAddressRequest>;

/** Renaming is the only change: a moved recipient is a new entry. */
export const ZUpdateSavedAddressRequest = z.object({ label: ZSavedAddressName });
export type TUpdateSavedAddressRequest = z.infer<typeof ZUpdateSavedAddressRequest>;

export const ZSavedAddress = z.object({
  _id: z.string(),
  kind: z.enum(SAVED_ADDRESS_KINDS),
  label: z.string(),
  address: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
});
export type TSavedAddress = z.infer<typeof ZSavedAddress>;

export const ZSavedAddressesResponse = z.object({ success: z.literal(true), data: z.array(ZSavedAddress) });
export type TSavedAddressesResponse = z.infer<typeof ZSavedAddressesResponse>;
export const ZSavedAddressResponse = z.object({ success: z.literal(true), message: z.string(), data: ZSavedAddress });
export type TSavedAddressResponse = z.infer<typeof ZSavedAddressResponse>;
export const ZDeleteSavedAddressResponse = z.object({ success: z.literal(true), message: z.string() });
