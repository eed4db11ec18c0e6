import { isApiError } from '@/lib/api-client';
import { getDeliveryQuote } from '../api/get-delivery-quote';

/**
 * The server's message when the address lies outside the service area (400 OUTSIDE_SERVICE_AREA naming the
 * field), without its "field: " prefix; null when it is inside, or when the check itself could not run (the
 * booking checks again).
 */
export async function outsideServiceArea(field: 'pickupAddress' | 'deliveryAddress', address: string): Promise<string | null> {
  try {
    await getDeliveryQuote({ [field]: address });
    return null;
  } catch (error) {
    if (!isApiError(error) || error.code !== 'OUTSIDE_SERVICE_AREA') return null;
    return (error.serverMessage ?? '').replace(`${field}: `, '') || 'This address is outside our service area.';
  }
}
