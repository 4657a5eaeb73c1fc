import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createSsrfGuard, HostUnresolvedError, type Resolver, SsrfError } from './ssrf.js';

/** A resolver from a fixed table: tests never ask real DNS (except for `localhost`). */
const table =
  (records: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = records[host.replace(/\.$/, '')];
    if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return found;
  };

const resolve = table({
  'example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'evil.test': ['127.0.0.1'],
  'mixed.test': ['93.184.216.34', '10.0.0.5'],
  'metadata.test': ['169.254.169.254'],
  'intranet.corp': ['10.1.2.3'],
  'v6private.test': ['fd12:3456::1'],
});

const guard = createSsrfGuard({ allowlist: [], resolve });

async function refusal(url: string, g = guard): Promise<SsrfError> {
  const error = await g.checkUrl(url).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${url} should be refused`).toBeInstanceOf(SsrfError);
  return error as SsrfError;
}

describe('checkUrl', () => {
  it('refuses IPv4 loopback written in decimal, octal and hex', async () => {
    for (const url of [
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://0x7f000001/',
      'http://127.1/',
    ]) {
      const error = await refusal(url);
      expect(error.message).toBe('http://127.0.0.1/ resolves to 127.0.0.1, a loopback address');
      expect(error.status).toBe(400);
      expect(error.code).toBe('url_blocked');
    }
  });

  it('refuses localhost through the real system resolver', async () => {
    const real = createSsrfGuard({ allowlist: [] });
    const error = await refusal('http://localhost:8080/admin', real);
    expect(error.message).toMatch(
      /^http:\/\/localhost:8080\/admin resolves to (127\.0\.0\.1|::1), a loopback address$/,
    );
  });

  it('refuses a name that resolves to loopback', async () => {
    expect((await refusal('https://evil.test/x')).message).toContain(
      '127.0.0.1, a loopback address',
    );
  });

  it('refuses a name with one public and one private address', async () => {
    expect((await refusal('http://mixed.test/')).message).toBe(
      'http://mixed.test/ resolves to 10.0.0.5, a private address',
    );
  });

  it.each([
    ['http://[::1]/', 'a loopback address'],
    [
      'http://[::ffff:127.0.0.1]/',
      'an IPv4-mapped address embedding 127.0.0.1, a loopback address',
    ],
    ['http://[::ffff:7f00:1]/', 'embedding 127.0.0.1, a loopback address'],
    ['http://[::127.0.0.1]/', 'an IPv4-compatible address embedding 127.0.0.1'],
    ['http://[64:ff9b::10.0.0.1]/', 'a NAT64 address embedding 10.0.0.1, a private address'],
    ['http://[2002:c0a8:101::1]/', 'a 6to4 address embedding 192.168.1.1, a private address'],
    ['http://[fd00::1]/', 'a unique-local address'],
    ['http://[fe80::1]/', 'a link-local address'],
    ['http://[::]/', 'an unspecified address'],
    ['http://[ff02::1]/', 'a multicast address'],
    ['http://[fd00:ec2::254]/latest/meta-data/', 'a cloud metadata address'],
    ['http://169.254.169.254/latest/meta-data/', 'a cloud metadata address'],
    ['http://100.100.100.200/', 'a cloud metadata address'],
    ['http://metadata.test/', '169.254.169.254, a cloud metadata address'],
    ['http://169.254.1.1/', 'a link-local address'],
    ['http://100.64.0.1/', 'a carrier-grade NAT (shared) address'],
    ['http://0.0.0.0/', 'an unspecified address'],
    ['http://255.255.255.255/', 'a broadcast address'],
    ['http://224.0.0.1/', 'a multicast address'],
    ['http://240.0.0.1/', 'a reserved address'],
    ['http://192.0.2.1/', 'a reserved address'],
    ['http://10.0.0.1/', 'a private address'],
    ['http://172.16.5.4/', 'a private address'],
    ['http://192.168.1.1/', 'a private address'],
  ])('refuses %s (%s)', async (url, reason) => {
    expect((await refusal(url)).message).toContain(reason);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/',
    'gopher://example.com:70/',
    'data:text/plain,hi',
    'javascript:alert(1)',
  ])('refuses the non-http scheme of %s', async (url) => {
    expect((await refusal(url)).message).toMatch(/only http and https are allowed$/);
  });

  it('refuses text that is not a URL', async () => {
    expect((await refusal('not a url')).message).toBe('Not a valid absolute URL');
  });

  it('allows public addresses and reports every one', async () => {
    const checked = await guard.checkUrl('https://example.com/page?q=1');
    expect(checked.url.href).toBe('https://example.com/page?q=1');
    expect(checked.addresses).toEqual(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
    expect((await guard.checkUrl('http://93.184.216.34/')).addresses).toEqual(['93.184.216.34']);
    await expect(guard.checkUrl('http://[::ffff:93.184.216.34]/')).resolves.toBeTruthy();
    await expect(guard.checkUrl('http://[2002:5db8:d822::1]/')).resolves.toBeTruthy();
  });

  it('allows credentials in the URL but never repeats them', async () => {
    expect((await guard.checkUrl('http://user:pw@example.com/')).url.password).toBe('pw');
    const error = await refusal('http://admin:hunter2@10.0.0.1/');
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('admin');
  });

  it('reports a host that does not resolve as such, not as blocked', async () => {
    const error = await guard.checkUrl('http://nowhere.test/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostUnresolvedError);
    expect((error as HostUnresolvedError).message).toContain('ENOTFOUND');
  });
});

describe('allowlist', () => {
  const allowing = createSsrfGuard({
    allowlist: ['Intranet.Corp', '127.0.0.2', '172.20.0.0/16', 'fd12:3456::/32', '[::1]'],
    resolve,
  });

  it('allows an allowlisted name whatever it resolves to, case-insensitively', async () => {
    await expect(allowing.checkUrl('http://INTRANET.corp/')).resolves.toBeTruthy();
    await expect(allowing.checkUrl('http://intranet.corp./')).resolves.toBeTruthy();
  });

  it('allows addresses inside allowlisted IPs and CIDR ranges, v4 and v6', async () => {
    await expect(allowing.checkUrl('http://127.0.0.2:9/')).resolves.toBeTruthy();
    await expect(allowing.checkUrl('http://[::ffff:127.0.0.2]/')).resolves.toBeTruthy();
    await expect(allowing.checkUrl('http://172.20.9.9/')).resolves.toBeTruthy();
    await expect(allowing.checkUrl('http://v6private.test/')).resolves.toBeTruthy();
    await expect(allowing.checkUrl('http://[::1]/')).resolves.toBeTruthy();
  });

  it('widens only the new guard made by allowing()', async () => {
    const widened = guard.allowing(['intranet.corp']);
    await expect(widened.checkUrl('http://intranet.corp/')).resolves.toBeTruthy();
    await refusal('http://intranet.corp/', guard);
    await refusal('http://10.1.2.3/', widened);
  });

  it('still refuses what lies outside the allowlist', async () => {
    await refusal('http://127.0.0.1/', allowing);
    await refusal('http://172.21.0.1/', allowing);
    await refusal('http://[fd12:3457::1]/', allowing);
    await refusal('http://evil.test/', allowing);
  });
});

describe('lookup (connect time)', () => {
  const call = (g: typeof guard, host: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>(
      (done) =>
        g.lookup(host, options, (error, address, family) => done({ error, address, family })),
    );

  it('answers like dns.lookup for public names, single and all', async () => {
    expect(await call(guard, 'example.com', {})).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect((await call(guard, 'example.com', { family: 6 })).address).toBe(
      '2606:2800:220:1:248:1893:25c8:1946',
    );
    expect((await call(guard, 'example.com', { all: true })).address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
  });

  it('refuses a name that now resolves to a blocked address (DNS rebinding)', async () => {
    let answers = 0;
    const rebinding = createSsrfGuard({
      allowlist: [],
      resolve: async () => (answers++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']),
    });
    await expect(rebinding.checkUrl('http://rebind.test/')).resolves.toBeTruthy();
    const { error } = await call(rebinding, 'rebind.test', { all: true });
    expect(error).toBeInstanceOf(SsrfError);
    expect(error?.message).toBe('rebind.test resolves to 127.0.0.1, a loopback address');
  });

  it('passes allowlisted names through', async () => {
    const allowing = createSsrfGuard({ allowlist: ['intranet.corp'], resolve });
    expect((await call(allowing, 'intranet.corp', {})).address).toBe('10.1.2.3');
  });
});

describe('blockedReason', () => {
  it('is null for public addresses and names the range otherwise', () => {
    expect(guard.blockedReason('8.8.8.8')).toBeNull();
    expect(guard.blockedReason('2a00:1450:4001:80e::200e')).toBeNull();
    expect(guard.blockedReason('127.0.0.1')).toBe('a loopback address');
    expect(guard.blockedReason('4000::1')).toBe('a reserved address');
    expect(guard.blockedReason('2001:db8::1')).toMatch(/reserved/);
    expect(guard.blockedReason('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe(
      'a Teredo tunnel address',
    );
    expect(guard.blockedReason('0x7f.1')).toBe('not an IP address');
  });
});
