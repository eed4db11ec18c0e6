import { ROLE_IDS } from '@courier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionEndedHandler } from './api-client';
import { parseEventBlock, type TLiveEvent, watchEvents } from './live-events';
import { setSession } from './session';

// The server is the outside world here: fetch is stubbed with real streamed responses.
const streamOf = (...chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

beforeEach(() => {
  setSessionEndedHandler(() => {});
  setSession({ token: 't1', refreshToken: 'r1', user: { _id: 'u1', roleId: ROLE_IDS.CUSTOMER } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('reading server-sent events', () => {
  it('reads id, event, multi-line data and retry, and skips comments', () => {
    expect(parseEventBlock('id: 7\nevent: delivery.moved\ndata: {"status":\ndata: "in_transit"}')).toEqual({
      event: { id: '7', type: 'delivery.moved', data: { status: 'in_transit' } },
      retry: undefined,
    });
    expect(parseEventBlock(': heartbeat')).toEqual({ event: null, retry: undefined });
    expect(parseEventBlock('retry: 1000')).toEqual({ event: null, retry: 1000 });
  });

  it('sends the bearer token, hands over each event, and resumes after the last id when the server ends the stream', async () => {
    const calls: Headers[] = [];
    const responses = [
      () =>
        streamOf(
          ': open\n\n',
          'id: 4\nevent: delivery.moved\ndata: {"deliveryId":"d1"}\n\n: heartbeat\n\nid: 5\nevent: notif',
          'ication.created\ndata: {}\n\nretry: 10\n\n',
        ),
      () => streamOf(': open\n\nid: 6\nevent: delivery.moved\ndata: {"deliveryId":"d2"}\n\n'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push(new Headers(init.headers));
        const next = responses.shift();
        return next ? next() : new Promise<Response>(() => {});
      }),
    );
    const events: TLiveEvent[] = [];
    const opens: boolean[] = [];
    const stop = watchEvents('/v1/events', { onEvent: (e) => events.push(e), onOpen: (again) => opens.push(again) });
    await vi.waitFor(() => expect(events).toHaveLength(3));
    stop();
    expect(events.map((e) => [e.id, e.type, e.data])).toEqual([
      ['4', 'delivery.moved', { deliveryId: 'd1' }],
      ['5', 'notification.created', {}],
      ['6', 'delivery.moved', { deliveryId: 'd2' }],
    ]);
    expect(calls[0].get('Authorization')).toBe('Bearer t1');
    expect(calls[0].get('Last-Event-ID')).toBeNull();
    expect(calls[1].get('Last-Event-ID')).toBe('5');
    expect(opens).toEqual([false, true]);
  });

  it('gives up on a refusal that a retry would not change (an unknown tracking number)', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, message: 'Invalid tracking number' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
    const stop = watchEvents('/v1/deliveries/track/MC0000000000/events', { onEvent: () => {} });
    await vi.advanceTimersByTimeAsync(60_000);
    stop();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
