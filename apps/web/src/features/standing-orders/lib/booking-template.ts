import { DELIVERY_DEFAULTS, type TCreateStandingOrderRequest, ZStandingOrderDeliveryFields } from '@courier/contract';

/** The booking fields of a standing order made from scratch, as the form holds them (text, a box). */
export interface TBookingValues {
  senderPhone: string;
  pickupAddress: string;
  recipientName: string;
  recipientPhone: string;
  recipientEmail: string;
  deliveryAddress: string;
  packageType: string;
  packageSize: string;
  deliveryType: string;
  specialInstructions: string;
  priority: string;
  temperature: string;
  controlledSubstance: boolean;
  specimenCategory: string;
  stableForHours: string;
}
export type TBookingField = keyof TBookingValues;

/** The sender's phone and pickup address start as the signed-in customer's own, as on the request form. */
export const emptyBooking = (user: { phone?: string; address?: string } | null): TBookingValues => ({
  senderPhone: user?.phone ?? '',
  pickupAddress: user?.address ?? '',
  recipientName: '',
  recipientPhone: '',
  recipientEmail: '',
  deliveryAddress: '',
  packageType: DELIVERY_DEFAULTS.packageType,
  packageSize: DELIVERY_DEFAULTS.packageSize,
  deliveryType: DELIVERY_DEFAULTS.deliveryType,
  specialInstructions: '',
  priority: 'routine',
  temperature: 'ambient',
  controlledSubstance: false,
  specimenCategory: '',
  stableForHours: '',
});

type TTemplate = Omit<TCreateStandingOrderRequest, 'schedule' | 'startsOn' | 'endsOn'>;

/** What the API is sent: a specimen's details only with the Specimen package type, the box only for medication. */
export function bookingTemplate(v: TBookingValues, collectionTime: string): TTemplate {
  const specimen = v.packageType === 'SPECIMEN';
  return {
    senderPhone: v.senderPhone,
    pickupAddress: v.pickupAddress,
    recipientName: v.recipientName,
    recipientPhone: v.recipientPhone,
    recipientEmail: v.recipientEmail,
    deliveryAddress: v.deliveryAddress,
    packageType: v.packageType as TTemplate['packageType'],
    packageSize: v.packageSize as TTemplate['packageSize'],
    deliveryType: v.deliveryType as TTemplate['deliveryType'],
    specialInstructions: v.specialInstructions,
    priority: v.priority as TTemplate['priority'],
    temperature: v.temperature as TTemplate['temperature'],
    controlledSubstance: v.packageType === 'MEDICATION' && v.controlledSubstance,
    ...(specimen
      ? {
          specimen: {
            category: v.specimenCategory as 'UN3373' | 'exempt',
            stableForHours: v.stableForHours === '' ? Number.NaN : Number(v.stableForHours),
            collectionTime,
          },
        }
      : {}),
  };
}

/** The form's field for a field the contract (or the API's 400) names; the collection time is the schedule form's. */
export function bookingFieldOf(path: string): TBookingField | null {
  if (path === 'specimen' || path === 'specimen.category') return 'specimenCategory';
  if (path === 'specimen.stableForHours') return 'stableForHours';
  if (path.startsWith('specimen.')) return null;
  return path in emptyBooking(null) ? (path as TBookingField) : null;
}

/** The contract's check of the booking fields (the API runs the same), as messages per field. */
export function bookingProblems(v: TBookingValues, collectionTime: string): [TBookingField, string][] {
  const template = bookingTemplate(v, collectionTime);
  const problems: [TBookingField, string][] = [];
  if (template.specimen && !v.specimenCategory) problems.push(['specimenCategory', 'Choose the specimen category']);
  const checked = ZStandingOrderDeliveryFields.safeParse(template);
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = bookingFieldOf(issue.path.join('.'));
      if (field && !problems.some(([f]) => f === field)) problems.push([field, issue.message]);
    }
  return problems;
}
