import type { FastifyInstance } from 'fastify';

/** Test helpers for live streams (not a test file itself): a real HTTP client on a loopback port. */

export interface ReceivedEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** Listens on a free loopback port (inject waits for a response's end, which a stream never reaches). */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** An open event stream: what has arrived so far, and waits for more. */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const retries: string[] = [];
  let raw = '';
  let ended = false;
  let wake = () => {};
  const pump = async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        raw += text;
        buffer += text;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const at = line.indexOf(':');
              fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
            }
          }
          if (fields.retry) retries.push(fields.retry);
          if (fields.data) events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
          cut = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // aborted by close()
    }
    ended = true;
    wake();
  };
  void pump();

  /** Resolves once `ready()` holds, or fails after timeoutMs naming what did arrive. */
  const until = (ready: () => boolean, timeoutMs = 3000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (ready()) {
          clearTimeout(timer);
          resolve();
        } else if (ended) {
          clearTimeout(timer);
          reject(new Error(`stream ended; got ${JSON.stringify(events)}`));
        }
      };
      const timer = setTimeout(() => reject(new Error(`timed out; got ${JSON.stringify(events)}`)), timeoutMs);
      wake = check;
      check();
    });

  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    retries,
    get raw() {
      return raw;
    },
    get ended() {
      return ended;
    },
    until,
    /** The first event (from index `from`) that matches, once it has arrived. */
    async next(match: (e: ReceivedEvent) => boolean, from = 0, timeoutMs = 3000) {
      await until(() => events.slice(from).some(match), timeoutMs);
      return events.slice(from).find(match) as ReceivedEvent;
    },
    close: () => controller.abort(),
  };
}
export type EventStreamClient = Awaited<ReturnType<typeof openEventStream>>;

/** The event streams a test opens to one server (its base URL known once it listens), closed together. */
export function streamsTo(base: () => string) {
  const open: EventStreamClient[] = [];
  return {
    open,
    stream: async (path: string, headers: Record<string, string> = {}) => {
      const s = await openEventStream(`${base()}${path}`, headers);
      open.push(s);
      return s;
    },
    closeAll: () => {
      for (const s of open.splice(0)) s.close();
    },
  };
}
