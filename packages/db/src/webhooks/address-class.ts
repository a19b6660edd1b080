import { isIP } from 'node:net';

/**
 * Classification of an IP address for SSRF protection. Pure: no DNS, no I/O, so the same rules
 * apply when a URL is created (literal IPs) and when the worker connects (resolved addresses).
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

interface V4Range {
  base: number;
  bits: number;
  cls: AddressClass;
}

const v4 = (cidr: string, cls: AddressClass): V4Range => {
  const [ip, bits] = cidr.split('/');
  return { base: parseV4(ip)!, bits: Number(bits), cls };
};

// Most specific first: the first range containing the address decides.
const V4_RANGES: V4Range[] = [
  v4('168.63.129.16/32', 'metadata'), // Azure wire server: a public-looking address inside the cloud
  v4('0.0.0.0/8', 'unspecified'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'shared'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link_local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'reserved'),
  v4('192.0.2.0/24', 'reserved'),
  v4('192.88.99.0/24', 'reserved'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'reserved'),
  v4('198.51.100.0/24', 'reserved'),
  v4('203.0.113.0/24', 'reserved'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved'), // includes 255.255.255.255
];

function parseV4(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

function classifyV4(n: number): AddressClass {
  for (const r of V4_RANGES) {
    const size = 2 ** (32 - r.bits);
    if (n >= r.base && n < r.base + size) return r.cls;
  }
  return 'public';
}

/** 128-bit value of an IPv6 address (already validated by isIP), dotted-quad tails included. */
function parseV6(ip: string): bigint {
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone !== -1) s = s.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const n = parseV4(tail[1])!;
    s = `${s.slice(0, tail.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = s.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const r = rest === undefined ? [] : rest ? rest.split(':') : [];
  const groups = rest === undefined ? h : [...h, ...Array<string>(8 - h.length - r.length).fill('0'), ...r];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

const inV6 = (n: bigint, prefix: bigint, bits: number) => n >> BigInt(128 - bits) === prefix >> BigInt(128 - bits);
const P = (hex: string) => parseV6(hex);
const low32 = (n: bigint) => Number(n & 0xffffffffn);

function classifyV6(n: bigint): AddressClass {
  if (n === 0n) return 'unspecified';
  if (n === 1n) return 'loopback';
  // Addresses that carry an IPv4 address: judge the IPv4 address they reach.
  if (inV6(n, P('::ffff:0:0'), 96)) return classifyV4(low32(n)); // IPv4-mapped
  if (inV6(n, P('64:ff9b::'), 96)) return classifyV4(low32(n)); // NAT64 well-known prefix
  if (inV6(n, P('::'), 96)) return 'reserved'; // IPv4-compatible (deprecated)
  if (inV6(n, P('2002::'), 16)) return classifyV4(Number((n >> 80n) & 0xffffffffn)); // 6to4
  if (inV6(n, P('fd00:ec2::254'), 128)) return 'metadata'; // AWS IMDS over IPv6 (also unique-local)
  if (inV6(n, P('64:ff9b:1::'), 48)) return 'private'; // local-use NAT64
  if (inV6(n, P('100::'), 64)) return 'reserved'; // discard-only
  if (inV6(n, P('2001:db8::'), 32)) return 'reserved'; // documentation
  if (inV6(n, P('2001::'), 23)) return 'reserved'; // IETF protocol assignments (Teredo, ORCHID, …)
  if (inV6(n, P('fc00::'), 7)) return 'private'; // unique local, fd00::/8 included
  if (inV6(n, P('fe80::'), 10)) return 'link_local';
  if (inV6(n, P('fec0::'), 10)) return 'private'; // deprecated site-local
  if (inV6(n, P('ff00::'), 8)) return 'multicast';
  return 'public';
}

/** Classifies an IPv4 or IPv6 literal (brackets and zone ids allowed); 'invalid' otherwise. */
export function classifyAddress(address: string): AddressClass {
  const ip = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(ip.split('%')[0]);
  if (family === 4) return classifyV4(parseV4(ip)!);
  if (family === 6) return classifyV6(parseV6(ip));
  return 'invalid';
}

/** True only for globally routable unicast addresses: the only ones production delivers to. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

/** True for IP literals in a URL host (`127.0.0.1`, `[::1]`). */
export function isIpLiteral(host: string): boolean {
  const h = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isIP(h.split('%')[0]) !== 0;
}
