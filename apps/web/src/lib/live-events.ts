import { api, isApiError } from './api-client';

/**
 * Server-sent events read with fetch (not EventSource, which cannot send the Bearer header): the api client
 * adds the token and refreshes it, the stream resumes with Last-Event-ID and comes back after a drop.
 */

/** The signed-in stream: what the caller's account may see change. */
export const LIVE_EVENTS_PATH = '/v1/events';

export interface TLiveEvent {
  id?: string;
  type: string;
  data: Record<string, unknown>;
}

/** One SSE block's fields (comments and unknown fields dropped); null when it carries no event. */
export function parseEventBlock(block: string): { event: TLiveEvent | null; retry?: number } {
  const fields: Record<string, string> = {};
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') data.push(value);
    else fields[name] = value;
  }
  const retry = /^\d+$/.test(fields.retry ?? '') ? Number(fields.retry) : undefined;
  if (data.length === 0) return { event: null, retry };
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(data.join('\n')) as Record<string, unknown>;
  } catch {
    // An event we cannot read still says something changed.
  }
  return { event: { id: fields.id, type: fields.event || 'message', data: parsed }, retry };
}

/** Reads a stream of SSE blocks until it ends. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onBlock: (parsed: ReturnType<typeof parseEventBlock>) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split(/\r?\n\r?\n/);
    buffer = blocks.pop() ?? '';
    for (const block of blocks) onBlock(parseEventBlock(block));
  }
}

export interface TWatchHandlers {
  onEvent: (event: TLiveEvent) => void;
  /** The stream is open; `again` after a drop, when events may have been missed beyond what the server keeps. */
  onOpen?: (again: boolean) => void;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** Keeps a stream open until the returned function is called; a refusal (404, a 4xx) stops it. */
export function watchEvents(path: string, handlers: TWatchHandlers): () => void {
  const controller = new AbortController();
  let lastEventId: string | undefined;
  let backoff = FIRST_RETRY_MS;
  let retryMs = FIRST_RETRY_MS;
  let opened = false;
  let wakeTimer: ReturnType<typeof setTimeout> | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeTimer = setTimeout(resolve, ms);
    });

  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await api.get<Response>(path, {
          headers: { Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
          signal: controller.signal,
          responseType: 'stream',
        });
        handlers.onOpen?.(opened);
        opened = true;
        backoff = FIRST_RETRY_MS;
        if (!response.body) throw new Error('no stream');
        await readEventStream(response.body, ({ event, retry }) => {
          if (retry !== undefined) retryMs = retry;
          if (!event) return;
          if (event.id) lastEventId = event.id;
          handlers.onEvent(event);
        });
        // The server ended it (a stop, a token's end of life): come back when it said.
        await pause(retryMs);
      } catch (error) {
        if (controller.signal.aborted) return;
        // A 4xx will not change on retry (a 401 has already ended the session); a 429 or a network blip might.
        if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) return;
        await pause(backoff + Math.random() * 500);
        backoff = Math.min(backoff * 2, MAX_RETRY_MS);
      }
    }
  };
  void run();
  return () => {
    controller.abort();
    clearTimeout(wakeTimer);
  };
}
