import type { TCreateSavedAddressRequest, TDelivery, TSavedAddress } from '@courier/contract';
import type { TDeliveryRequestForm } from '../api/create-delivery';

/**
 * The request form filled from an earlier delivery: pickup, recipient, delivery address and package, but
 * never required-by (a new delivery needs its own time).
 */
/** What bookAgainForm reads of the earlier delivery. */
export type TBookAgainSource = Pick<
  TDelivery,
  | 'senderPhone'
  | 'pickupAddress'
  | 'recipientName'
  | 'recipientPhone'
  | 'recipientEmail'
  | 'deliveryAddress'
  | 'packageType'
  | 'packageSize'
  | 'deliveryType'
  | 'specialInstructions'
> &
  Partial<Pick<TDelivery, 'requiredBy' | 'priority' | 'temperature' | 'controlledSubstance' | 'specimen'>>;

export function bookAgainForm(base: TDeliveryRequestForm, d: TBookAgainSource): TDeliveryRequestForm {
  return {
    ...base,
    senderPhone: d.senderPhone || base.senderPhone,
    pickupAddress: d.pickupAddress,
    recipientName: d.recipientName,
    recipientPhone: d.recipientPhone,
    recipientEmail: d.recipientEmail,
    deliveryAddress: d.deliveryAddress,
    requiredBy: '',
    packageType: d.packageType,
    packageSize: d.packageSize,
    deliveryType: d.deliveryType,
    specialInstructions: d.specialInstructions,
    priority: d.priority ?? base.priority,
    temperature: d.temperature ?? base.temperature,
    controlledSubstance: d.controlledSubstance ? 'true' : 'false',
    specimenCategory: d.specimen?.category ?? base.specimenCategory,
  };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The address-book entries a booking asks to save, minus those already saved. */
export function entriesToSave(
  form: TDeliveryRequestForm,
  wanted: { pickup: boolean; recipient: boolean },
  saved: Pick<TSavedAddress, 'kind' | 'address' | 'contactName'>[],
): TCreateSavedAddressRequest[] {
  const entries: TCreateSavedAddressRequest[] = [];
  if (wanted.pickup && !saved.some((s) => s.kind === 'pickup' && same(s.address, form.pickupAddress))) {
    entries.push({
      kind: 'pickup',
      label: form.pickupAddress.split(',')[0].trim().slice(0, 80) || 'Pickup point',
      address: form.pickupAddress.trim(),
      contactName: '',
      phone: form.senderPhone.trim(),
      email: '',
    });
  }
  const isSavedRecipient = saved.some(
    (s) => s.kind === 'recipient' && same(s.contactName, form.recipientName) && same(s.address, form.deliveryAddress),
  );
  if (wanted.recipient && !isSavedRecipient) {
    entries.push({
      kind: 'recipient',
      label: form.recipientName.trim().slice(0, 80),
      address: form.deliveryAddress.trim(),
      contactName: form.recipientName.trim(),
      phone: form.recipientPhone.trim(),
      email: form.recipientEmail.trim(),
    });
  }
  return entries;
}
