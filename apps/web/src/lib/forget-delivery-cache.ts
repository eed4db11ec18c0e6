/**
 * Earlier builds kept the last delivery list (recipients' names, phones and addresses) in localStorage under
 * these keys, where the next person on a shared clinic computer could read it. Nothing writes them any more;
 * this removes what an existing browser still holds (at start-up and at logout).
 */
const OLD_KEYS = ['deliveries', 'deliveriesStats'];

export function forgetDeliveryCache(): void {
  try {
    for (const key of OLD_KEYS) localStorage.removeItem(key);
  } catch {
    // Storage blocked: there is nothing we could have read either.
  }
}
