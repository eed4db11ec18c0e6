import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { isReachableAddress } from '../webhooks/webhook-url.js';

/**
 * The rule for an engine's host, as for webhook URLs: in production every address it resolves to must be public or
 * inside OUTBOUND_ALLOWED_NETWORKS (an engine on the hospital's network behind a VPN is listed there); elsewhere
 * (development, tests) any host. Checked at registration and again before each send. Null when it may be reached.
 */
export async function refuseOutboundHost(host: string, production: boolean, allowed: readonly string[]): Promise<string | null> {
  if (!production) return null;
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return 'The host name does not resolve';
  if (!addresses.every((a) => isReachableAddress(a, allowed)))
    return 'The host must not be a private, loopback or reserved address unless OUTBOUND_ALLOWED_NETWORKS lists it';
  return null;
}
