/** What a server-sent-event stream needs for a clean end: the raw response it writes to. */
export interface LiveStream {
  write(chunk: string): unknown;
  end(): unknown;
}

/**
 * The open live (SSE) streams of this process. A stream registers when it opens and unregisters when its client
 * leaves; at shutdown each one is told when to come back (SSE `retry`) and ended, so a stop never waits on
 * streams that would stay open for ever and clients resume on the next process.
 */
export interface LiveStreams {
  /** Registers an open stream held by `holder` (an account or a client address); returns the function that unregisters it. */
  add(stream: LiveStream, holder?: string): () => void;
  /** How many streams `holder` has open on this process. */
  countOf(holder: string): number;
  /** Ends every open stream with a reconnect hint (milliseconds). */
  endAll(reconnectAfterMs?: number): void;
  readonly size: number;
}

export function createLiveStreams(): LiveStreams {
  const open = new Set<LiveStream>();
  const byHolder = new Map<string, number>();
  return {
    add(stream, holder) {
      open.add(stream);
      if (holder) byHolder.set(holder, (byHolder.get(holder) ?? 0) + 1);
      let removed = false;
      return () => {
        open.delete(stream);
        if (removed || !holder) return;
        removed = true;
        const left = (byHolder.get(holder) ?? 1) - 1;
        if (left > 0) byHolder.set(holder, left);
        else byHolder.delete(holder);
      };
    },
    countOf(holder) {
      return byHolder.get(holder) ?? 0;
    },
    endAll(reconnectAfterMs = 1000) {
      for (const stream of open) {
        try {
          stream.write(`retry: ${reconnectAfterMs}\n\n`);
          stream.end();
        } catch {
          // A client that already left needs no hint.
        }
      }
      open.clear();
    },
    get size() {
      return open.size;
    },
  };
}
