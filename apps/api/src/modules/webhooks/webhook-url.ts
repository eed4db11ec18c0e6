import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { isInNetworks } from '../../platform/allowed-networks.js';

/** Why a webhook URL is refused, as the 400 message names it; null when it may be called. */
export type UrlRefusal = string | null;

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain']);

/** IPv6's global unicast space: outside it are ::/96 (IPv4-compatible), local, multicast and reserved forms. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Only ordinary public unicast addresses: no loopback, private, link-local, carrier NAT, multicast or reserved.
 * IPv6 forms that carry an IPv4 address (NAT64, 6to4, Teredo, IPv4-compatible) are refused whatever they carry.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address is judged as the IPv4 it carries
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/** Public, or inside a network the administrator allowed (OUTBOUND_ALLOWED_NETWORKS): the one rule of creation and send time. */
export const isReachableAddress = (address: string, allowed: readonly string[]): boolean =>
  isPublicAddress(address) || isInNetworks(address, allowed);

const isLoopbackAddress = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The rules a webhook URL meets before anything is sent to it. In production: https only, and every address
 * the name resolves to must be public (no server-side request forgery into our own network). Elsewhere
 * (development, tests) http is allowed too, but only to this machine. `allowed` (OUTBOUND_ALLOWED_NETWORKS) lets
 * production reach named private or loopback networks, over https still.
 */
export async function refuseWebhookUrl(raw: string, production: boolean, allowed: readonly string[] = []): Promise<UrlRefusal> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'URL must be an http(s) address';
  }
  if (url.username || url.password) return 'URL must not carry a user name or password';
  const host = bareHost(url);
  if (url.protocol !== 'https:') {
    const loopback = LOOPBACK_NAMES.has(host) || isLoopbackAddress(host);
    if (production || url.protocol !== 'http:' || !loopback) return 'URL must use https';
  }
  if (!production) return null;
  const addresses = ipaddr.isValid(host) ? [host] : await resolveAll(host);
  if (addresses.length === 0) return 'URL host name does not resolve';
  if (!addresses.every((a) => isReachableAddress(a, allowed))) return 'URL must not point at a private, loopback or reserved address';
  return null;
}

async function resolveAll(host: string): Promise<string[]> {
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return [];
  }
}
