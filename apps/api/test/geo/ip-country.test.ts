import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type IpCountryLookup,
  lazyIpCountryLookup,
  loadIpCountryLookup,
} from '../../src/adapters/geo/ip-country.ts';

// Expected countries were read from the shipped DB-IP files (@ip-location-db/dbip-country 2.3.2026060120):
//   81.2.64.0,81.2.127.255,GB   (between 81.1.230.0-81.2.63.255 RU and 81.2.128.0-81.2.128.255 DE)
//   212.58.224.0,212.58.255.255,GB   134739200,134802431,US (8.8.8.8)
//   2a00:1450:4009::,2a00:1450:4009:ffff:ffff:ffff:ffff:ffff,GB (between ...:4008:: FR and ...:400a:: CH)
//   2a03:2880:f003::,2a03:2880:f003:ffff:ffff:ffff:ffff:ffff,US
// A monthly data update may move an address; the range-file test below checks the search itself.

let lookup: IpCountryLookup;

beforeAll(async () => {
  lookup = await loadIpCountryLookup();
});

describe('offline IP to country (DB-IP Lite)', () => {
  it.each([
    ['81.2.69.160', 'GB'],
    ['212.58.244.1', 'GB'],
    ['8.8.8.8', 'US'],
    ['2a00:1450:4009:81f::200e', 'GB'],
    ['2A00:1450:4009:081F:0000:0000:0000:200E', 'GB'],
    ['2a03:2880:f003:c07:face:b00c::2', 'US'],
  ])('finds %s in %s', (ip, country) => {
    expect(lookup(ip)).toBe(country);
  });

  it('is exact at range edges', () => {
    expect(lookup('81.1.230.0')).toBe('RU');
    expect(lookup('81.2.63.255')).toBe('RU');
    expect(lookup('81.2.64.0')).toBe('GB');
    expect(lookup('81.2.127.255')).toBe('GB');
    expect(lookup('81.2.128.0')).toBe('DE');
    expect(lookup('2a00:1450:4008:ffff:ffff:ffff:ffff:ffff')).toBe('FR');
    expect(lookup('2a00:1450:4009::')).toBe('GB');
    expect(lookup('2a00:1450:4009:ffff:ffff:ffff:ffff:ffff')).toBe('GB');
    expect(lookup('2a00:1450:400a::')).toBe('CH');
  });

  it.each([
    ['::ffff:81.2.69.160', 'GB'],
    ['::FFFF:81.2.69.160', 'GB'],
    ['::ffff:5102:45a0', 'GB'], // 81.2.69.160 in hex
    ['0:0:0:0:0:ffff:8.8.8.8', 'US'],
    ['::ffff:127.0.0.1', null],
    ['::ffff:192.168.1.1', null],
  ])('reads the IPv4-mapped IPv6 address %s as IPv4 (%s)', (ip, country) => {
    expect(lookup(ip)).toBe(country);
  });

  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '100.64.0.1',
    '169.254.169.254',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '2001:db8::1',
    '::1.2.3.4', // deprecated IPv4-compatible form
  ])('gives no country for the non-public address %s', (ip) => {
    expect(lookup(ip)).toBeNull();
  });

  it.each([
    '',
    'not an ip',
    'localhost',
    '81.2.69',
    '81.2.69.160.1',
    '81.2.69.256',
    '081.2.69.160',
    ' 81.2.69.160',
    '81.2.69.160 ',
    '81.2.69.160%eth0',
    '1.2.3.-4',
    '2a00:1450:4009:81f::200e::1',
    '2a00:1450:4009:81f:0:0:0:200e:1',
    '2a00:1450:4009:81f:0:0:200e',
    '2a00:1450:4009:81f:::200e',
    '2a00:1450:4009:81g::200e',
    '12345::1',
    ':1::2',
    '1::2:',
    '::ffff:1.2.3',
    '[2a00:1450:4009:81f::200e]',
    '2a00:1450:4009:81f::200e/64',
    '1'.repeat(1000),
  ])('gives no country for the malformed input %j', (ip) => {
    expect(lookup(ip)).toBeNull();
  });

  it('gives no country for values that are not strings at all', () => {
    expect(lookup(undefined as unknown as string)).toBeNull();
    expect(lookup(42 as unknown as string)).toBeNull();
  });

  it('loads once and shares the tables', async () => {
    const started = performance.now();
    const again = await loadIpCountryLookup();
    expect(performance.now() - started).toBeLessThan(50);
    expect(again).toBe(lookup);
  });

  it("the server's lazy lookup reads the ranges only for an address that can locate a client", () => {
    const lazy = lazyIpCountryLookup();
    for (const ip of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '192.168.0.7',
      'fe80::1%eth0',
      'nonsense',
    ]) {
      expect(lazy(ip), ip).toBeNull();
    }
    expect(lazy.loaded()).toBe(false);
    for (const ip of ['81.2.69.160', '8.8.8.8', '2a00:1450:4009:81f::200e', '::ffff:8.8.8.8', '81.2.128.0']) {
      expect(lazy(ip), ip).toBe(lookup(ip));
    }
    expect(lazy.loaded()).toBe(true);
    expect(lazy('81.2.64.0')).toBe('GB');
  });

  it('agrees with the text range files at the edges of sampled ranges', async () => {
    const require = createRequire(import.meta.url);
    const dir = dirname(require.resolve('@ip-location-db/dbip-country/package.json'));
    for (const file of ['dbip-country-ipv4.csv', 'dbip-country-ipv6.csv']) {
      const lines = (await readFile(join(dir, file), 'utf8')).trim().split('\n');
      expect(lines.length).toBeGreaterThan(100_000);
      for (let i = 0; i < lines.length; i += 499) {
        const [start = '', end = '', country = ''] = (lines[i] ?? '').split(',');
        const expected = /^[A-Z]{2}$/.test(country) && country !== 'ZZ' ? country : null;
        for (const ip of [start, end]) {
          expect.soft(lookup(ip), `${file}:${i + 1} ${ip}`).toBe(expected);
        }
      }
    }
  });
});
