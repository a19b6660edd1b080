import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Classification of an IP address for SSRF protection. Pure: no DNS, no I/O, so the same rules
 * apply when a URL is created (literal IPs) and when the worker connects (resolved addresses).
 * Parsing and the special ranges are ipaddr.js's; this file only decides what each range means
 * for a webhook target, and which IPv4 address an IPv6 address carries.
 */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared' // carrier-grade NAT, 100.64.0.0/10: not public, and cloud metadata lives there too
  | 'link_local' // includes 169.254.169.254, the usual cloud metadata address
  | 'metadata'
  | 'multicast'
  | 'reserved'
  | 'invalid';

/** Cloud metadata endpoints that are not in a non-public range of their own. */
const METADATA: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [
  ipaddr.parseCIDR('168.63.129.16/32'), // Azure wire server: a public-looking address inside the cloud
  ipaddr.parseCIDR('fd00:ec2::254/128'), // AWS IMDS over IPv6 (also unique-local)
];

/**
 * ipaddr.js's range names (IPv4 and IPv6) → our classes. `unicast` (nothing special) is public;
 * a range not listed here (one a later ipaddr.js adds) is treated as reserved: never public.
 */
const RANGE_CLASS: Record<string, AddressClass> = {
  unicast: 'public',
  // Anycast services that are globally routable.
  as112: 'public',
  as112v6: 'public',
  amt: 'public',
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private', // fc00::/7
  deprecatedSiteLocal: 'private', // fec0::/10
  carrierGradeNat: 'shared',
  linkLocal: 'link_local',
  multicast: 'multicast',
  broadcast: 'reserved',
  reserved: 'reserved',
  benchmarking: 'reserved',
  discard: 'reserved',
  teredo: 'reserved', // 2001::/32: the client's IPv4 address is obfuscated; never a webhook target
  deprecatedOrchid: 'reserved',
  orchid2: 'reserved',
  droneRemoteIdProtocolEntityTags: 'reserved',
  segmentRouting: 'reserved',
};

const rangeClass = (range: string): AddressClass => RANGE_CLASS[range] ?? 'reserved';

function classifyV4(ip: ipaddr.IPv4): AddressClass {
  if (METADATA.some(([net, bits]) => net.kind() === 'ipv4' && ip.match(net, bits))) return 'metadata';
  return rangeClass(ip.range());
}

const v4At = (parts: number[], index: number) =>
  new ipaddr.IPv4([parts[index] >> 8, parts[index] & 0xff, parts[index + 1] >> 8, parts[index + 1] & 0xff]);

/** A class for an IPv6 address that carries an IPv4 one: never better than that IPv4 address's. */
const carrying = (v4: ipaddr.IPv4, otherwise: AddressClass): AddressClass => {
  const cls = classifyV4(v4);
  return cls === 'public' ? otherwise : cls;
};

function classifyV6(ip: ipaddr.IPv6): AddressClass {
  if (METADATA.some(([net, bits]) => net.kind() === 'ipv6' && ip.match(net, bits))) return 'metadata';
  const p = ip.parts;
  const range = ip.range();
  switch (range) {
    // Addresses that reach an IPv4 address: judge the IPv4 address they reach.
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d (IPv4-translated)
      return classifyV4(v4At(p, 6));
    case 'rfc6052':
      // 64:ff9b::a.b.c.d (well-known NAT64 prefix); 64:ff9b:1::/48 is for local use: private.
      return p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 ? classifyV4(v4At(p, 6)) : 'private';
    case '6to4': // 2002:aabb:ccdd::/48
      return carrying(v4At(p, 1), 'public');
    case 'unspecified':
    case 'loopback':
      return rangeClass(range);
  }
  // ::a.b.c.d (IPv4-compatible, deprecated) and the rest of ::/96: never public.
  if (p.slice(0, 6).every((x) => x === 0)) return carrying(v4At(p, 6), 'reserved');
  const cls = rangeClass(range);
  // Only 2000::/3 is allocated for global unicast; anything else left over is not routable.
  if (cls === 'public' && (p[0] & 0xe000) !== 0x2000) return 'reserved';
  return cls;
}

/** The address without URL brackets and zone id, when it is an IP literal; null otherwise. */
function bareAddress(address: string): string | null {
  const unbracketed = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const bare = unbracketed.split('%')[0];
  // Node's strict check first: only the canonical forms a URL's host or a DNS answer has
  // (`0x7f.1` and other legacy IPv4 spellings are normalised by the URL parser before this).
  return isIP(bare) ? bare : null;
}

/** Classifies an IPv4 or IPv6 literal (brackets and zone ids allowed); 'invalid' otherwise. */
export function classifyAddress(address: string): AddressClass {
  const bare = bareAddress(address);
  if (bare === null) return 'invalid';
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // ipaddr.js reads `::a.b.c.d` (IPv4-compatible) as `::ffff:a.b.c.d` (IPv4-mapped), another
    // address; the WHATWG URL parser writes every IPv6 address in hex groups first (`::7f00:1`).
    ip = ipaddr.parse(isIP(bare) === 6 ? new URL(`http://[${bare}]/`).hostname.slice(1, -1) : bare);
  } catch {
    return 'invalid';
  }
  return ip.kind() === 'ipv4' ? classifyV4(ip as ipaddr.IPv4) : classifyV6(ip as ipaddr.IPv6);
}

/** True only for globally routable unicast addresses: the only ones delivered to by default. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

/** True for IP literals in a URL host (`127.0.0.1`, `[::1]`). */
export function isIpLiteral(host: string): boolean {
  return bareAddress(host) !== null;
}
