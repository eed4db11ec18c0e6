import { MESSAGES, type TCreateDeliveryResult } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveriesKeys } from '@/domain/deliveries/api/get-my-deliveries';
import { handlingPayload, type THandlingForm } from '../lib/handling-form';

/** The wizard's fields, as the form holds them (its medical handling included). */
export interface TDeliveryRequestForm extends THandlingForm {
  senderPhone: string;
  pickupAddress: string;
  recipientName: string;
  recipientPhone: string;
  recipientEmail: string;
  deliveryAddress: string;
  /** A datetime-local value in the browser's time zone. */
  requiredBy: string;
  packageType: string;
  packageSize: string;
  deliveryType: string;
  specialInstructions: string;
  /** The PO or cost-centre reference; empty when none. */
  reference: string;
}

export interface TCreateDeliveryInput {
  form: TDeliveryRequestForm;
  image: File | null;
  /** The pieces, when more than one or named (accessions); absent: one piece of the package type's kind. */
  pieces?: { kind?: string; accession?: string }[];
}

type TCreateDeliveryResponse = Partial<TCreateDeliveryResult>;

/** POST /v1/deliveries: multipart (the image as 'file') when an image was chosen, JSON otherwise. */
export async function createDelivery({ form, image, pieces }: TCreateDeliveryInput): Promise<TCreateDeliveryResponse & { _id: string }> {
  // The browser's local time, sent as an instant so the server never guesses the zone.
  const requiredBy = new Date(form.requiredBy).toISOString();
  const { specimenCategory, specimenCollectedAt, specimenStableHours, ...rest } = form;
  const { reference, ...others } = rest;
  const fields: Record<string, unknown> = {
    ...others,
    requiredBy,
    ...handlingPayload(form),
    ...(reference.trim() ? { reference: reference.trim() } : {}),
    ...(pieces ? { pieces } : {}),
  };
  let body: FormData | Record<string, unknown> = fields;
  if (image) {
    const data = new FormData();
    // Multipart carries text: the specimen goes as JSON, the flag as "true"/"false" (the server reads both).
    for (const [key, value] of Object.entries(fields)) data.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    data.append('file', image, image.name);
    body = data;
  }
  const response = await api.post<TCreateDeliveryResponse>('/v1/deliveries', body);
  const id = response?._id ?? response?.data?._id;
  if (!id) throw new Error(MESSAGES.createInvalidResponse);
  return { ...response, _id: id };
}

export function useCreateDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKeys.all }),
  });
}
