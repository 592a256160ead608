import { beforeAll, describe, expect, it } from 'vitest';
import { type IpCountryLookup, loadIpCountryLookup } from '../../src/adapters/geo/ip-country.ts';

let lookup: IpCountryLookup;
beforeAll(async () => {
  lookup = await loadIpCountryLookup();
});

describe('offline IP to country', () => {
  it.each([
    ['81.2.69.160', 'GB'],
    ['8.8.8.8', 'US'],
    ['::ffff:81.2.69.160', 'GB'],
    ['2a00:1450:4009:81f::200e', 'GB'],
  ])('%s is in %s', (ip, country) => {
    expect(lookup(ip)).toBe(country);
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '192.168.0.10',
    '172.20.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    'not an ip',
    '',
  ])('%s has no country', (ip) => {
    expect(lookup(ip)).toBeNull();
  });
});
