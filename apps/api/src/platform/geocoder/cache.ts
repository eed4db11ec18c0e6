/**
 * A small LRU cache with a time to live, for answers of paid or rate-limited providers. Concurrent asks
 * for the same key share one request; failures are not cached.
 */
export function createLookupCache<V>(options: { max?: number; ttlMs: number; now?: () => number }) {
  const max = options.max ?? 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; expiresAt: number }>();
  const inFlight = new Map<string, Promise<V>>();

  function get(key: string): { value: V } | undefined {
    const hit = entries.get(key);
    if (!hit) return undefined;
    entries.delete(key);
    if (hit.expiresAt <= now()) return undefined;
    entries.set(key, hit); // most recently used goes last
    return { value: hit.value };
  }

  function set(key: string, value: V) {
    entries.delete(key);
    entries.set(key, { value, expiresAt: now() + options.ttlMs });
    while (entries.size > max) entries.delete(entries.keys().next().value as string);
  }

  return {
    get,
    set,
    get size() {
      return entries.size;
    },
    /** The cached answer, or the one `load` gives (stored when it succeeds). */
    async remember(key: string, load: () => Promise<V>): Promise<V> {
      const hit = get(key);
      if (hit) return hit.value;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const request = load()
        .then((value) => {
          set(key, value);
          return value;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, request);
      return request;
    },
  };
}

export const cacheKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
