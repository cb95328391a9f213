/**
 * Whether an IP address belongs to the public internet. Owner-supplied URLs
 * (an ActiveCampaign account's API URL) must never make this server call
 * itself, its network or a cloud metadata service, so everything that is
 * loopback, private, link-local, shared (CGNAT), multicast, reserved or
 * documentation-only is refused, and so are IPv6 forms that carry such an
 * IPv4 address inside them (mapped, compatible, NAT64, 6to4). Pure: no DNS.
 */
import { isIP } from "node:net";

/** [first address as a 32-bit number, prefix length] of IPv4 ranges that are not public. */
const IPV4_NOT_PUBLIC: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
];

function ipv4ToNumber(ip: string): number {
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

const IPV4_RANGES = IPV4_NOT_PUBLIC.map(([base, bits]) => ({ base: ipv4ToNumber(base), size: 2 ** (32 - bits) }));

function isPublicIpv4Number(n: number): boolean {
  return !IPV4_RANGES.some((r) => n >= r.base && n < r.base + r.size);
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const ipv4 = ipv4ToNumber(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(ipv4 >>> 16).toString(16)}:${(ipv4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function isPublicIpv6(ip: string): boolean {
  const groups = ipv6Groups(ip);
  if (!groups) return false;
  const embedded = (hi: number, lo: number) => isPublicIpv4Number(hi * 65536 + lo);
  const zeros = (from: number, to: number) => groups.slice(from, to).every((x) => x === 0);
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (zeros(0, 6)) return groups[6] !== 0 && embedded(groups[6], groups[7]);
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-translated ::ffff:0:a.b.c.d
  if (zeros(0, 5) && groups[5] === 0xffff) return embedded(groups[6], groups[7]);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return embedded(groups[6], groups[7]);
  // NAT64 64:ff9b::a.b.c.d reaches the IPv4 address; 64:ff9b:1::/48 is for local use.
  if (groups[0] === 0x64 && groups[1] === 0xff9b)
    return groups[2] === 0 && zeros(3, 6) && embedded(groups[6], groups[7]);
  // 6to4 2002:aabb:ccdd::/48 carries a.b.c.d
  if (groups[0] === 0x2002) return embedded(groups[1], groups[2]);
  if (groups[0] === 0x2001 && groups[1] === 0) return false; // Teredo tunnels
  if (groups[0] === 0x2001 && groups[1] === 0xdb8) return false; // documentation
  if (groups[0] === 0x100 && zeros(1, 4)) return false; // discard-only
  if ((groups[0] & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((groups[0] & 0xffc0) === 0xfe80 || (groups[0] & 0xffc0) === 0xfec0) return false; // link-local, old site-local
  if ((groups[0] & 0xff00) === 0xff00) return false; // multicast
  return true;
}

/** Whether an IPv4 or IPv6 address (as connected to, brackets stripped) is on the public internet. */
export function isPublicAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return isPublicIpv4Number(ipv4ToNumber(ip));
  if (kind === 6) return isPublicIpv6(ip);
  return false;
}
