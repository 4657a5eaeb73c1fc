import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../errors/app-error.js';
import { blockedReason } from './blocked-address.js';

export { blockedReason };

/** An outbound URL the agent may not reach. The message names the address and why. */
export class SsrfError extends AppError {
  constructor(message: string) {
    super(400, 'url_blocked', message);
    this.name = 'SsrfError';
  }
}

/** The host of an outbound URL has no address (or DNS failed): nothing was dialled. */
export class HostUnresolvedError extends AppError {
  constructor(message: string) {
    super(400, 'host_unresolved', message);
    this.name = 'HostUnresolvedError';
  }
}

/** Every address of a host name: A and AAAA records, in the resolver's order. */
export type Resolver = (host: string) => Promise<string[]>;

export interface SsrfGuardOptions {
  /** Host names, IP addresses or CIDR ranges that may be reached even though they are private. */
  allowlist: string[];
  /** Injectable for tests; the default asks the system resolver (/etc/hosts, then DNS). */
  resolve?: Resolver;
}

export interface CheckedUrl {
  url: URL;
  /** The addresses the host resolved to (the literal itself for an IP host). */
  addresses: string[];
}

export interface SsrfGuard {
  /** Refuses non-http(s) URLs and hosts with any blocked address; resolves the host. */
  checkUrl(url: string | URL): Promise<CheckedUrl>;
  /**
   * A `dns.lookup` replacement for socket options (undici `connect.lookup`, net, tls): the
   * address actually dialled is the one judged here, so a rebinding DNS answer between
   * checkUrl and connect cannot slip through.
   */
  lookup: LookupFunction;
  /** Why an address is blocked ("a loopback address"), or null when it is public. */
  blockedReason(ip: string): string | null;
  /** A new guard that also allows `entries`; this one is left as it was. */
  allowing(entries: string[]): SsrfGuard;
}

const defaultResolve: Resolver = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseAllowlist(entries: string[]): { names: Set<string>; ranges: Range[] } {
  const names = new Set<string>();
  const ranges: Range[] = [];
  for (const raw of entries) {
    const entry = raw.trim().replace(/^\[|\]$/g, '');
    if (!entry) continue;
    if (entry.includes('/') && ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry));
    else if (isIP(entry)) {
      const ip = ipaddr.parse(entry);
      ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    } else names.add(normaliseHost(entry));
  }
  return { names, ranges };
}

/** Host names compare case-insensitively and without the root dot ("Example.COM." = "example.com"). */
const normaliseHost = (host: string) => host.toLowerCase().replace(/\.$/, '');

/** The URL as text without user name and password, for messages and results. */
export function displayUrl(url: URL): string {
  if (!url.username && !url.password) return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

export function createSsrfGuard(options: SsrfGuardOptions): SsrfGuard {
  const { names, ranges } = parseAllowlist(options.allowlist);
  const resolve = options.resolve ?? defaultResolve;

  const addressAllowed = (address: string) => {
    // process() turns ::ffff:a.b.c.d into a.b.c.d, so a v4 allowlist entry covers both forms.
    const ip = ipaddr.process(address.replace(/^\[|\]$/g, ''));
    return ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
  };

  /** Throws unless every address is public or allowlisted (one bad record taints the host). */
  const judge = (subject: string, host: string, addresses: string[]) => {
    if (addresses.length === 0) throw new HostUnresolvedError(`${subject}: ${host} has no address`);
    if (names.has(normaliseHost(host))) return;
    for (const address of addresses) {
      const reason = blockedReason(address);
      if (reason && !addressAllowed(address)) {
        throw new SsrfError(`${subject} resolves to ${address}, ${reason}`);
      }
    }
  };

  const resolveHost = async (subject: string, host: string) => {
    try {
      return await resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new HostUnresolvedError(`${subject}: cannot resolve ${host} (${code})`);
    }
  };

  return {
    blockedReason,

    allowing: (entries) =>
      createSsrfGuard({ ...options, allowlist: [...options.allowlist, ...entries] }),

    async checkUrl(input) {
      let url: URL;
      try {
        url = typeof input === 'string' ? new URL(input) : new URL(input.href);
      } catch {
        throw new SsrfError('Not a valid absolute URL');
      }
      const subject = displayUrl(url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new SsrfError(`${subject} uses ${url.protocol}; only http and https are allowed`);
      }
      // WHATWG URL has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const addresses = isIP(host) ? [host] : await resolveHost(subject, host);
      judge(subject, host, addresses);
      return { url, addresses };
    },

    lookup(hostname, lookupOptions, callback) {
      const wanted = familyNumber(lookupOptions.family);
      resolveHost(hostname, hostname)
        .then((all) => {
          judge(hostname, hostname, all);
          const entries: LookupAddress[] = all
            .map((address) => ({ address, family: isIP(address) }))
            .filter((entry) => wanted === 0 || entry.family === wanted);
          const first = entries[0];
          if (!first) throw new HostUnresolvedError(`${hostname} has no IPv${wanted} address`);
          if (lookupOptions.all) callback(null, entries);
          else callback(null, first.address, first.family);
        })
        .catch((error: NodeJS.ErrnoException) => callback(error, ''));
    },
  };
}

function familyNumber(family: number | string | undefined): number {
  if (family === 'IPv4' || family === 4) return 4;
  if (family === 'IPv6' || family === 6) return 6;
  return 0;
}
