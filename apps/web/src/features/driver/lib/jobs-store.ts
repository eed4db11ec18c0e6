import type { TDriverJob } from '@courier/contract';
import { del, get, set } from 'idb-keyval';
import { isApiError } from '@/lib/api-client';

const STORE_KEY = 'driver-jobs';

interface TStoredJobs {
  /** Whose run it is: another account signing in on this phone never sees it. */
  userId: string;
  savedAt: string;
  jobs: TDriverJob[];
}

/** Keeps the last list the server gave (addresses and phones included) on this phone, for a reload without signal. */
export async function keepJobs(userId: string, jobs: TDriverJob[], at = new Date()): Promise<void> {
  try {
    await set(STORE_KEY, { userId, savedAt: at.toISOString(), jobs } satisfies TStoredJobs);
  } catch {
    // Storage blocked or full: the list still shows while the page is open.
  }
}

/** The run kept for this driver, or null. */
export async function keptJobs(userId: string): Promise<TStoredJobs | null> {
  try {
    const stored = await get<TStoredJobs>(STORE_KEY);
    return stored && stored.userId === userId && Array.isArray(stored.jobs) ? stored : null;
  } catch {
    return null;
  }
}

/** At logout: the next person on this phone must not find the run. */
export async function forgetJobs(): Promise<void> {
  try {
    await del(STORE_KEY);
  } catch {
    // nothing kept
  }
}

/** No answer from the server (offline, a dead gateway): the kept run is shown instead of an error. */
export const isUnreachable = (error: unknown): boolean =>
  !isApiError(error) || error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
