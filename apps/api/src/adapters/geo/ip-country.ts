import { readFile } from 'node:fs/promises';
import { isIPv4, isIPv6 } from 'node:net';
import { fileURLToPath } from 'node:url';

/** ISO 3166-1 alpha-2 country of an address, or null (private, loopback, unknown). */
export type IpCountryLookup = (ip: string) => string | null;

// DB-IP "IP to Country Lite" (CC BY 4.0) from the @ip-location-db/dbip-country package:
// sorted, non-overlapping ranges "start,end,CC" with numeric addresses.
const dataFile = (name: string) => fileURLToPath(import.meta.resolve(`@ip-location-db/dbip-country/${name}`));

type Ranges<N> = { starts: N[]; ends: N[]; countries: string[] };

async function loadRanges<N>(file: string, parse: (s: string) => N): Promise<Ranges<N>> {
  const text = await readFile(dataFile(file), 'utf8');
  const ranges: Ranges<N> = { starts: [], ends: [], countries: [] };
  for (const line of text.split('\n')) {
    const [start, end, country] = line.split(',');
    if (!start || !end || !country) continue;
    ranges.starts.push(parse(start));
    ranges.ends.push(parse(end));
    ranges.countries.push(country.trim());
  }
  return ranges;
}

function find<N>(r: Ranges<N>, value: N): string | null {
  let lo = 0;
  let hi = r.starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((r.starts[mid] as N) > value) hi = mid - 1;
    else if ((r.ends[mid] as N) < value) lo = mid + 1;
    else return r.countries[mid] ?? null;
  }
  return null;
}

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function ipv6ToBigInt(ip: string): bigint {
  let [head = '', tail = ''] = ip.split('::');
  const expand = (s: string) => (s ? s.split(':') : []);
  let headParts = expand(head);
  let tailParts = expand(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const last = (ip.includes('::') ? tailParts : headParts).at(-1);
  if (last && isIPv4(last)) {
    const n = ipv4ToNumber(last);
    const groups = [(n >>> 16).toString(16), (n & 0xffff).toString(16)];
    if (ip.includes('::')) tailParts = [...tailParts.slice(0, -1), ...groups];
    else headParts = [...headParts.slice(0, -1), ...groups];
  }
  if (!ip.includes('::')) tail = '';
  const missing = 8 - headParts.length - tailParts.length;
  const all = [...headParts, ...new Array<string>(Math.max(0, missing)).fill('0'), ...tailParts];
  return all.reduce((n, g) => (n << 16n) + BigInt(Number.parseInt(g || '0', 16)), 0n);
}

const PRIVATE_V4: [number, number][] = [
  ['0.0.0.0', '0.255.255.255'],
  ['10.0.0.0', '10.255.255.255'],
  ['100.64.0.0', '100.127.255.255'],
  ['127.0.0.0', '127.255.255.255'],
  ['169.254.0.0', '169.254.255.255'],
  ['172.16.0.0', '172.31.255.255'],
  ['192.168.0.0', '192.168.255.255'],
].map(([a, b]) => [ipv4ToNumber(a as string), ipv4ToNumber(b as string)]);

export async function loadIpCountryLookup(): Promise<IpCountryLookup> {
  const [v4, v6] = await Promise.all([
    loadRanges('dbip-country-ipv4-num.csv', Number),
    loadRanges('dbip-country-ipv6-num.csv', BigInt),
  ]);
  const lookupV4 = (ip: string) => {
    const n = ipv4ToNumber(ip);
    if (PRIVATE_V4.some(([a, b]) => n >= a && n <= b)) return null;
    return find(v4, n);
  };
  return (ip: string) => {
    if (isIPv4(ip)) return lookupV4(ip);
    if (!isIPv6(ip)) return null;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    if (mapped?.[1]) return lookupV4(mapped[1]);
    const lower = ip.toLowerCase();
    // loopback, link-local, unique-local
    if (lower === '::1' || lower === '::' || /^fe[89ab]/.test(lower) || /^f[cd]/.test(lower)) return null;
    return find(v6, ipv6ToBigInt(ip));
  };
}
