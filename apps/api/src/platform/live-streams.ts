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
  /** Registers an open stream; returns the function that unregisters it. */
  add(stream: LiveStream): () => void;
  /** Ends every open stream with a reconnect hint (milliseconds). */
  endAll(reconnectAfterMs?: number): void;
  readonly size: number;
}

export function createLiveStreams(): LiveStreams {
  const open = new Set<LiveStream>();
  return {
    add(stream) {
      open.add(stream);
      return () => {
        open.delete(stream);
      };
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
