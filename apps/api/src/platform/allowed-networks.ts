import ipaddr from 'ipaddr.js';

/** A network an administrator allows outbound calls into (OUTBOUND_ALLOWED_NETWORKS), parsed once. */
export type AllowedNetwork = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * One CIDR ("10.20.0.0/16", "fd00::/8", "127.0.0.1" as /32): null when it is not one. An IPv4-mapped IPv6
 * network (::ffff:10.20.0.0/112) is kept as the IPv4 network it carries, so either spelling matches alike.
 */
export function parseNetwork(text: string): AllowedNetwork | null {
  const cidr = text.includes('/') ? text : `${text}/${text.includes(':') ? 128 : 32}`;
  let parsed: AllowedNetwork;
  try {
    parsed = ipaddr.parseCIDR(cidr);
  } catch {
    return null;
  }
  const [address, bits] = parsed;
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96)
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  return parsed;
}

/** The comma-separated list, each entry checked; throws naming the first entry that is not a CIDR. */
export function parseNetworkList(list: string): string[] {
  const entries = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) if (!parseNetwork(entry)) throw new Error(`"${entry}" is not a network in CIDR form (e.g. 10.20.0.0/16)`);
  return entries;
}

/** Whether an address lies inside one of the networks; an IPv4-mapped IPv6 address is judged as the IPv4 it carries. */
export function isInNetworks(address: string, networks: readonly string[]): boolean {
  if (networks.length === 0 || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return networks.some((text) => {
    const network = parseNetwork(text);
    return !!network && network[0].kind() === parsed.kind() && parsed.match(network as [typeof parsed, number]);
  });
}
