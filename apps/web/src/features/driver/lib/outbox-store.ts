import { del, get, set } from 'idb-keyval';
import { isApiError } from '@/lib/api-client';
import { sendQueued } from '../api/send-queued';
import { createOutbox, type TQueued, type TSendVerdict } from './outbox';

const STORE_KEY = 'driver-outbox';

/** No answer, a busy or failing server, a session being renewed: try again later. Any other refusal is final. */
export function verdictFor(error: unknown): Exclude<TSendVerdict, 'sent'> {
  if (!isApiError(error)) return 'keep';
  if (error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500) return 'keep';
  return 'refused';
}

/** The phone's one outbox, kept in IndexedDB (Blobs included) so a reload or a dead battery loses nothing. */
export const driverOutbox = createOutbox({
  storage: {
    load: async () => ((await get<TQueued[]>(STORE_KEY)) ?? []).filter((item) => item && typeof item.key === 'string'),
    save: async (items) => (items.length ? set(STORE_KEY, items) : del(STORE_KEY)),
  },
  send: sendQueued,
  verdictFor,
});

/** The Idempotency-Key of a new move. */
export const newMoveKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
