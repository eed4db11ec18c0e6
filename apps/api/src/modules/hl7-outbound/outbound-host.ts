import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { isReachableAddress } from '../webhooks/webhook-url.js';

/** Where to connect: the checked address (production) or the host as given (elsewhere); or why not. */
export type OutboundTarget = { address: string; refusal: null } | { address: null; refusal: string };

/**
 * The rule for an engine's host, as for webhook URLs: in production every address it resolves to must be public or
 * inside OUTBOUND_ALLOWED_NETWORKS (an engine on the hospital's network behind a VPN is listed there); elsewhere
 * (development, tests) any host. The name is resolved once: the caller connects to the returned address, never to
 * the name again (a second resolution could answer differently: DNS rebinding).
 */
export async function resolveOutboundHost(host: string, production: boolean, allowed: readonly string[]): Promise<OutboundTarget> {
  if (!production) return { address: host, refusal: null };
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return { address: null, refusal: 'The host name does not resolve' };
  if (!addresses.every((a) => isReachableAddress(a, allowed)))
    return {
      address: null,
      refusal: 'The host must not be a private, loopback or reserved address unless OUTBOUND_ALLOWED_NETWORKS lists it',
    };
  return { address: addresses[0] as string, refusal: null };
}

/** Checked at registration: null when the host may be reached. */
export async function refuseOutboundHost(host: string, production: boolean, allowed: readonly string[]): Promise<string | null> {
  return (await resolveOutboundHost(host, production, allowed)).refusal;
}
