import { describe, expect, it } from 'vitest';
import { createOutbox, type TQueued, type TOutboxStorage } from './outbox';

class Offline extends Error {}
class Refused extends Error {}

function memoryStorage(initial: TQueued[] = []): TOutboxStorage & { saved: TQueued[] } {
  const store = {
    saved: initial,
    load: async () => store.saved,
    save: async (items: TQueued[]) => {
      store.saved = items;
    },
  };
  return store;
}

const move = (key: string, status: 'moving_to_pickup_location' | 'picked_up' | 'in_transit', deliveryId = 'd1'): TQueued => ({
  kind: 'status',
  key,
  deliveryId,
  orderId: 'MC0000000001',
  queuedAt: new Date().toISOString(),
  body: { status },
});

/** A network that is down until `up` is set, then answers each call in order. */
function network() {
  const state = { up: false, seen: [] as string[], refuse: new Set<string>() };
  const send = async (item: TQueued) => {
    if (!state.up) throw new Offline();
    if (state.refuse.has(item.key)) throw new Refused();
    state.seen.push(item.key);
  };
  return { state, send };
}
const verdictFor = (error: unknown) => (error instanceof Offline ? 'keep' : 'refused') as 'keep' | 'refused';

describe('driver outbox', () => {
  it('keeps moves made offline and sends them in the order they were made once the network returns', async () => {
    const storage = memoryStorage();
    const net = network();
    const outbox = createOutbox({ storage, send: net.send, verdictFor });
    await outbox.add(move('a', 'moving_to_pickup_location'));
    await outbox.add(move('b', 'picked_up'));
    await outbox.add(move('c', 'in_transit'));

    const offline = await outbox.flush();
    expect(offline).toMatchObject({ sent: [], waiting: 3 });
    expect(storage.saved.map((i) => i.key)).toEqual(['a', 'b', 'c']);

    net.state.up = true;
    const online = await outbox.flush();
    expect(online.sent.map((i) => i.key)).toEqual(['a', 'b', 'c']);
    expect(net.state.seen).toEqual(['a', 'b', 'c']);
    expect(outbox.items()).toEqual([]);
    expect(storage.saved).toEqual([]);
  });

  it('tells its listeners each answer while the item is still queued, so the screen can take the new status first', async () => {
    const outbox = createOutbox({
      storage: memoryStorage(),
      send: async (item) => ({ data: { _id: item.deliveryId, key: item.key } }),
      verdictFor,
    });
    const heard: { key: string; answer: unknown; stillQueued: boolean }[] = [];
    const stop = outbox.onSent((item, answer) =>
      heard.push({ key: item.key, answer, stillQueued: outbox.items().some((queued) => queued.key === item.key) }),
    );
    await outbox.add(move('a', 'moving_to_pickup_location'));
    await outbox.flush();
    stop();
    await outbox.add(move('b', 'picked_up'));
    await outbox.flush();
    expect(heard).toEqual([{ key: 'a', answer: { data: { _id: 'd1', key: 'a' } }, stillQueued: true }]);
  });

  it('sends each item with the key it was queued with, however often it is retried', async () => {
    const keys: string[] = [];
    let attempts = 0;
    const outbox = createOutbox({
      storage: memoryStorage(),
      send: async (item) => {
        keys.push(item.key);
        if (++attempts < 3) throw new Offline();
      },
      verdictFor,
    });
    await outbox.add(move('k-1', 'picked_up'));
    await outbox.flush();
    await outbox.flush();
    await outbox.flush();
    expect(keys).toEqual(['k-1', 'k-1', 'k-1']);
    expect(outbox.items()).toEqual([]);
  });

  it('drops a move the server refuses, reports it, and goes on with the next', async () => {
    const net = network();
    net.state.up = true;
    net.state.refuse.add('b');
    const outbox = createOutbox({ storage: memoryStorage(), send: net.send, verdictFor });
    await outbox.add(move('a', 'moving_to_pickup_location'));
    await outbox.add(move('b', 'picked_up'));
    await outbox.add(move('c', 'in_transit', 'd2'));
    const result = await outbox.flush();
    expect(result.sent.map((i) => i.key)).toEqual(['a', 'c']);
    expect(result.refused.map((r) => r.item.key)).toEqual(['b']);
  });

  it('picks up what an earlier visit left, ahead of anything new', async () => {
    const storage = memoryStorage([move('old', 'moving_to_pickup_location')]);
    const net = network();
    net.state.up = true;
    const outbox = createOutbox({ storage, send: net.send, verdictFor });
    await outbox.add(move('new', 'picked_up'));
    await outbox.restore();
    await outbox.flush();
    expect(net.state.seen).toEqual(['old', 'new']);
  });

  it('runs one flush at a time, so two triggers never send an item twice', async () => {
    const net = network();
    net.state.up = true;
    const outbox = createOutbox({ storage: memoryStorage(), send: net.send, verdictFor });
    await outbox.add(move('a', 'moving_to_pickup_location'));
    await Promise.all([outbox.flush(), outbox.flush()]);
    expect(net.state.seen).toEqual(['a']);
  });
});
