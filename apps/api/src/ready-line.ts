import type { AddressInfo } from 'node:net';

/** Hosts that mean "this machine" to a person opening the address in a browser. */
const LOCAL_HOSTS = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost', '']);

/**
 * What `npm start` prints once it serves: one plain line with the real address, and, on a database with no
 * account yet, how to load the demo or create the first administrator (an embedded database is locked while
 * the server runs, so the seed runs after a stop).
 */
export function readyLines(address: AddressInfo | string | null, host: string, accounts: number): string[] {
  const port = typeof address === 'object' && address ? address.port : undefined;
  const shown = LOCAL_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const lines = [`MedCourier is ready at http://${shown}${port ? `:${port}` : ''}`];
  if (accounts === 0)
    lines.push(
      'No accounts yet. To load the demo (an account for every role and a day of work), stop the server (Ctrl+C), run `npm run seed`, then `npm start` again;',
      'or create the first administrator: start with ADMIN_EMAIL and ADMIN_PASSWORD set.',
    );
  return lines;
}
