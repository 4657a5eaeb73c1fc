import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the agent may not dial: everything but public unicast. IPv6 forms that
 * carry an IPv4 address (mapped, translated, compatible, NAT64, 6to4) are judged by the IPv4
 * address they carry, since that is where the packets end up.
 */

/** Well-known instance metadata endpoints: the prize of most cloud SSRF attacks. */
const CLOUD_METADATA = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle
  '169.254.170.2', // AWS ECS task metadata
  '100.100.100.200', // Alibaba Cloud
  'fd00:ec2:0:0:0:0:0:254', // AWS over IPv6 (normalised form)
]);

const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT (shared) address',
  private: 'a private address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique-local address',
  deprecatedSiteLocal: 'a site-local address',
  teredo: 'a Teredo tunnel address',
};

const rangeWords = (range: string) => RANGE_WORDS[range] ?? `a reserved (${range}) address`;

function ipv4Reason(ip: ipaddr.IPv4): string | null {
  if (CLOUD_METADATA.has(ip.toString())) return 'a cloud metadata address';
  const range = ip.range();
  return range === 'unicast' ? null : rangeWords(range);
}

/** IPv6 forms that carry an IPv4 address: judged by the address they carry. */
function embeddedIpv4(ip: ipaddr.IPv6): { kind: string; v4: ipaddr.IPv4 } | null {
  const p = ip.parts;
  const v4 = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const range = ip.range();
  if (range === 'ipv4Mapped') return { kind: 'an IPv4-mapped', v4: ip.toIPv4Address() };
  if (range === 'rfc6145') return { kind: 'an IPv4-translated', v4: v4(p[6] ?? 0, p[7] ?? 0) };
  if (range === '6to4') return { kind: 'a 6to4', v4: v4(p[1] ?? 0, p[2] ?? 0) };
  if (range === 'rfc6052' && p[1] === 0xff9b && p[2] === 0) {
    return { kind: 'a NAT64', v4: v4(p[6] ?? 0, p[7] ?? 0) };
  }
  // ::a.b.c.d (deprecated IPv4-compatible); :: and ::1 are judged as themselves.
  if (range === 'unicast' && p.slice(0, 6).every((part) => part === 0)) {
    return { kind: 'an IPv4-compatible', v4: v4(p[6] ?? 0, p[7] ?? 0) };
  }
  return null;
}

function ipv6Reason(ip: ipaddr.IPv6): string | null {
  if (CLOUD_METADATA.has(ip.toNormalizedString())) return 'a cloud metadata address';
  const embedded = embeddedIpv4(ip);
  if (embedded) {
    const inner = ipv4Reason(embedded.v4);
    return inner && `${embedded.kind} address embedding ${embedded.v4.toString()}, ${inner}`;
  }
  const range = ip.range();
  if (range !== 'unicast') return rangeWords(range);
  // Only 2000::/3 is allocated for global unicast; the rest of the space is reserved.
  return ip.match(ipaddr.IPv6.parse('2000::'), 3) ? null : 'a reserved address';
}

/** Why `ip` must not be dialled on the agent's behalf, or null when it is a public address. */
export function blockedReason(ip: string): string | null {
  const bare = ip.replace(/^\[|\]$/g, '');
  // net.isIP is strict (dotted quad only), as the socket layer is; ipaddr also takes 0x7f.1.
  if (!isIP(bare)) return 'not an IP address';
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === 'ipv4'
    ? ipv4Reason(parsed as ipaddr.IPv4)
    : ipv6Reason(parsed as ipaddr.IPv6);
}
