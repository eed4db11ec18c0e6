import type { TDriverJob, TDriverJobResponse } from '@courier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/error-message';
import { driverKeys } from '../api/get-driver-jobs';
import type { TFlushResult, TQueued } from './outbox';
import { driverOutbox } from './outbox-store';

const RETRY_EVERY_MS = 15_000;

/** What waits in the outbox, oldest first; re-renders when it changes. */
export function useQueuedMoves(): readonly TQueued[] {
  return useSyncExternalStore(driverOutbox.subscribe, driverOutbox.items, driverOutbox.items);
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/** Tells the driver what a flush did, and refreshes the jobs when anything reached the server. */
function useReport() {
  const queryClient = useQueryClient();
  return useCallback(
    (result: TFlushResult, { quietSent = false, explain }: { quietSent?: boolean; explain?: TExplain } = {}) => {
      for (const { item, error } of result.refused) {
        toast.error(`#${item.orderId}: ${explain?.(error, item) ?? errorMessage(error, 'The server refused this update')}`);
      }
      if (result.sent.length && !quietSent) {
        toast.success(result.sent.length === 1 ? 'Saved update sent' : `${result.sent.length} saved updates sent`, {
          toastId: 'outbox-sent',
        });
      }
      if (result.sent.length || result.refused.length) void queryClient.invalidateQueries({ queryKey: driverKeys.jobs });
    },
    [queryClient],
  );
}

/**
 * Puts each answer's job into the list at once: between the item leaving the outbox and the list's refetch,
 * the screen would otherwise show the old status (and its button) for a moment.
 */
function useAnswersInList(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      driverOutbox.onSent((_item, answer) => {
        const job = (answer as Partial<TDriverJobResponse> | undefined)?.data;
        if (!job?._id) return;
        queryClient.setQueryData<TDriverJob[]>(driverKeys.jobs, (jobs) => jobs?.map((j) => (j._id === job._id ? job : j)));
      }),
    [queryClient],
  );
}

/** Mounted once in the driver area: sends what waits at start, when the network returns, and every 15 s. */
export function useOutboxSync(): void {
  const report = useReport();
  useAnswersInList();
  useEffect(() => {
    let stopped = false;
    const flush = () => {
      if (driverOutbox.items().length === 0 && !stopped) return void driverOutbox.restore();
      void driverOutbox.flush().then((result) => !stopped && report(result));
    };
    void driverOutbox.restore().then(flush);
    window.addEventListener('online', flush);
    const timer = setInterval(() => driverOutbox.items().length > 0 && flush(), RETRY_EVERY_MS);
    return () => {
      stopped = true;
      window.removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, [report]);
}

export type TMoveOutcome = 'sent' | 'queued' | 'refused';
/** The words for a refusal the caller knows by its code, else null (the server's message is shown). */
type TExplain = (error: unknown, item: TQueued) => string | null;

/**
 * Queues a move or proof and tries to send it now; the answer says what became of it. `explain` words a refusal
 * of this item that the caller reads by its error code.
 */
export function useQueueMove() {
  const report = useReport();
  return useCallback(
    async (item: TQueued, { explain }: { explain?: (error: unknown) => string | null } = {}): Promise<TMoveOutcome> => {
      await driverOutbox.add(item);
      const result = await driverOutbox.flush();
      report(result, { quietSent: true, explain: (error, refused) => (refused.key === item.key ? (explain?.(error) ?? null) : null) });
      if (result.sent.some((sent) => sent.key === item.key)) return 'sent';
      if (result.refused.some((refused) => refused.item.key === item.key)) return 'refused';
      return 'queued';
    },
    [report],
  );
}
