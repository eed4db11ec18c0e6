import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type TLiveEvent, watchEvents } from '@/lib/live-events';

/** Events that arrive together (a move and its notice) cause one refetch. */
const SETTLE_MS = 150;

/**
 * Keeps an event stream open while mounted (path null: none) and refetches the given queries the moment
 * something changes, and after a reconnect, when changes may have been missed.
 */
export function useLiveUpdates(path: string | null, queryKeys: readonly QueryKey[], onEvent?: (event: TLiveEvent) => void) {
  const queryClient = useQueryClient();
  const latest = useRef({ queryKeys, onEvent });
  latest.current = { queryKeys, onEvent };

  useEffect(() => {
    if (!path) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const queryKey of latest.current.queryKeys) void queryClient.invalidateQueries({ queryKey });
      }, SETTLE_MS);
    };
    const stop = watchEvents(path, {
      onEvent: (event) => {
        latest.current.onEvent?.(event);
        refresh();
      },
      onOpen: (again) => {
        if (again) refresh();
      },
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [path, queryClient]);
}
