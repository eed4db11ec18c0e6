/** What remote providers share: a timeout on every call and an error naming the provider on a bad answer. */
export interface RemoteGeocoderOptions {
  /** Where the provider lives; tests point it at a local server. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  cacheTtlMs?: number;
}

export class GeocoderUnavailableError extends Error {}

export async function fetchJson(
  provider: string,
  url: URL,
  options: { fetch?: typeof fetch; timeoutMs?: number; headers?: Record<string, string> },
): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
  } catch (err) {
    throw new GeocoderUnavailableError(`${provider} did not answer: ${(err as Error).message}`);
  }
  if (!res.ok) throw new GeocoderUnavailableError(`${provider} answered HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new GeocoderUnavailableError(`${provider} answered something that is not JSON`);
  }
}

/** Keeps calls at least `intervalMs` apart (Nominatim's public server allows one a second). */
export function createSpacer(intervalMs: number) {
  let nextAt = 0;
  return async () => {
    if (intervalMs <= 0) return;
    const now = Date.now();
    const wait = Math.max(0, nextAt - now);
    nextAt = Math.max(now, nextAt) + intervalMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}
