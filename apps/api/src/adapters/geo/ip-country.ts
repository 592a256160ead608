import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';

/**
 * ISO 3166-1 alpha-2 country (upper case) of a client address, or null for private, loopback,
 * reserved, unparsable or unknown addresses.
 */
export type IpCountryLookup = (ip: string) => string | null;

// Data: DB-IP "IP to Country Lite" (CC BY 4.0; attribution required: "IP Geolocation by DB-IP",
// https://db-ip.com) from the npm package @ip-location-db/dbip-country. Each file holds sorted,
// non-overlapping, inclusive ranges, one per line: `start,end,CC`.
const DATA_PACKAGE = '@ip-location-db/dbip-country';
const IPV4_FILE = 'dbip-country-ipv4-num.csv'; // start and end as decimal 32-bit numbers
const IPV6_FILE = 'dbip-country-ipv6.csv'; // start and end as IPv6 text

/**
 * Ranges in parallel typed arrays, sorted by start. An address takes `words` 32-bit words, most
 * significant first: 1 for IPv4, 4 for IPv6 (its two 64-bit halves, each split in two so that every
 * comparison is a plain number comparison). Countries are packed as (first letter << 8) | second.
 */
type RangeTable = {
  words: number;
  count: number;
  starts: Uint32Array;
  ends: Uint32Array;
  countries: Uint16Array;
};

// The files and the addresses are parsed as ASCII bytes: no decoded copy of the data files is made.
type Bytes = Uint8Array;

const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const COMMA = 44;
const DOT = 46;
const COLON = 58;

function dataFile(name: string): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`${DATA_PACKAGE}/package.json`)), name);
}

function countLines(text: Bytes): number {
  let lines = 0;
  for (let i = text.indexOf(NEWLINE); i !== -1; i = text.indexOf(NEWLINE, i + 1)) lines++;
  return text.length > 0 && text[text.length - 1] !== NEWLINE ? lines + 1 : lines;
}

/** Decimal digits in [from, to) as an unsigned 32-bit number, or -1. */
function parseUint32(text: Bytes, from: number, to: number): number {
  if (to <= from || to - from > 10) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = (text[i] ?? 0) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n <= 0xffffffff ? n : -1;
}

/** Dotted-quad IPv4 in [from, to) as an unsigned 32-bit number, or -1. */
function parseIpv4(text: Bytes, from: number, to: number): number {
  let n = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < to; i++) {
    const c = text[i] ?? 0;
    if (c === DOT) {
      if (digits === 0 || part > 255) return -1;
      n = n * 256 + part;
      part = 0;
      digits = 0;
      dots++;
    } else {
      const d = c - 48;
      if (d < 0 || d > 9 || digits === 3) return -1;
      part = part * 10 + d;
      digits++;
    }
  }
  if (dots !== 3 || digits === 0 || part > 255) return -1;
  return n * 256 + part;
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48; // 0-9
  if (c >= 97 && c <= 102) return c - 87; // a-f
  if (c >= 65 && c <= 70) return c - 55; // A-F
  return -1;
}

const groups = new Uint16Array(8);

/**
 * IPv6 text in [from, to) ("::" compression and a dotted IPv4 tail allowed) into four 32-bit words at
 * out[at .. at + 4). Returns false when the text is not an IPv6 address.
 */
function parseIpv6(text: Bytes, from: number, to: number, out: Uint32Array, at: number): boolean {
  let count = 0;
  let gapAt = -1; // index in `groups` where "::" stood
  let i = from;
  if (text[i] === COLON) {
    if (text[i + 1] !== COLON || to - from < 2) return false;
    gapAt = 0;
    i += 2;
  }
  while (i < to) {
    const groupStart = i;
    let value = 0;
    let digits = 0;
    for (let d = hexDigit(text[i] ?? 0); d >= 0 && i < to && digits <= 4; d = hexDigit(text[i] ?? 0)) {
      value = value * 16 + d;
      digits++;
      i++;
    }
    if (i < to && text[i] === DOT) {
      // A dotted IPv4 tail ends the address and fills the last two groups.
      const v4 = parseIpv4(text, groupStart, to);
      if (v4 < 0 || count > 6) return false;
      groups[count++] = v4 >>> 16;
      groups[count++] = v4 & 0xffff;
      break;
    }
    if (digits === 0 || digits > 4 || count === 8) return false;
    groups[count++] = value;
    if (i === to) break;
    if (text[i] !== COLON || i + 1 === to) return false;
    i++;
    if (text[i] === COLON) {
      if (gapAt !== -1) return false;
      gapAt = count;
      i++;
    }
  }
  if (gapAt === -1 ? count !== 8 : count > 7) return false;
  const zeros = 8 - count;
  const group = (index: number): number => {
    if (gapAt === -1 || index < gapAt) return groups[index] ?? 0;
    return index < gapAt + zeros ? 0 : (groups[index - zeros] ?? 0);
  };
  for (let w = 0; w < 4; w++) out[at + w] = group(2 * w) * 0x10000 + group(2 * w + 1);
  return true;
}

/** Compares the address at index i of `a` with `key` (both `words` wide): negative, 0 or positive. */
function compareAt(a: Uint32Array, i: number, key: Uint32Array, words: number): number {
  for (let w = 0; w < words; w++) {
    const x = a[i * words + w] ?? 0;
    const y = key[w] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Two upper-case ASCII letters in [from, to), packed; 0 when the field is anything else. */
function packCountry(text: Bytes, from: number, to: number): number {
  const a = text[from] ?? 0;
  const b = text[from + 1] ?? 0;
  if (to - from !== 2 || a < 65 || a > 90 || b < 65 || b > 90) return 0;
  return (a << 8) | b;
}

type ParseAddress = (text: Bytes, from: number, to: number, out: Uint32Array, at: number) => boolean;

const parseIpv4Into: ParseAddress = (text, from, to, out, at) => {
  const n = parseUint32(text, from, to);
  out[at] = n;
  return n >= 0;
};

/** Reads `start,end,CC` lines into a table, checking that ranges are well formed, sorted and disjoint. */
function buildTable(file: string, text: Bytes, words: number, parse: ParseAddress): RangeTable {
  const capacity = countLines(text);
  const table: RangeTable = {
    words,
    count: 0,
    starts: new Uint32Array(capacity * words),
    ends: new Uint32Array(capacity * words),
    countries: new Uint16Array(capacity),
  };
  const { starts, ends, countries } = table;
  let count = 0;
  for (let pos = 0; pos < text.length; ) {
    const newline = text.indexOf(NEWLINE, pos);
    const next = newline === -1 ? text.length : newline + 1;
    let end = newline === -1 ? text.length : newline;
    if (end > pos && text[end - 1] === CARRIAGE_RETURN) end--;
    const comma1 = text.indexOf(COMMA, pos);
    const comma2 = comma1 === -1 ? -1 : text.indexOf(COMMA, comma1 + 1);
    if (end > pos) {
      const at = count * words;
      if (
        comma1 === -1 ||
        comma2 === -1 ||
        comma2 >= end ||
        !parse(text, pos, comma1, starts, at) ||
        !parse(text, comma1 + 1, comma2, ends, at)
      ) {
        throw new Error(`${file}: unreadable line at byte ${pos}`);
      }
      const start = starts.subarray(at, at + words);
      if (compareAt(ends, count, start, words) < 0) throw new Error(`${file}: empty range at byte ${pos}`);
      if (count > 0 && compareAt(ends, count - 1, start, words) >= 0) {
        throw new Error(`${file}: ranges not sorted or overlapping at byte ${pos}`);
      }
      countries[count] = packCountry(text, comma2 + 1, end);
      count++;
    }
    pos = next;
  }
  table.count = count;
  return table;
}

/** Packed country of the range holding `key`, or 0. */
function find(table: RangeTable, key: Uint32Array): number {
  const { words, starts, ends, countries } = table;
  let lo = 0;
  let hi = table.count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (compareAt(starts, mid, key, words) > 0) hi = mid - 1;
    else if (compareAt(ends, mid, key, words) < 0) lo = mid + 1;
    else return countries[mid] ?? 0;
  }
  return 0;
}

const countryNames = new Map<number, string | null>();

function countryName(packed: number): string | null {
  if (packed === 0) return null;
  let name = countryNames.get(packed);
  if (name === undefined) {
    const code = String.fromCharCode(packed >> 8, packed & 0xff);
    name = code === 'ZZ' ? null : code; // ZZ: "unknown" in geolocation data
    countryNames.set(packed, name);
  }
  return name;
}

/** IPv4 blocks that never locate a client: [first address, prefix length] (RFC 6890 and friends). */
const SPECIAL_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const specialV4 = SPECIAL_V4.map(([base, bits]) => {
  const shift = 32 - bits;
  return { prefix: parseIpv4(Buffer.from(base, 'latin1'), 0, base.length) >>> shift, shift };
});

function isSpecialV4(n: number): boolean {
  return specialV4.some(({ prefix, shift }) => n >>> shift === prefix);
}

type Tables = { v4: RangeTable; v6: RangeTable };

/** The lookup; `tables` is called only for an address that can locate a client (never for loopback or private). */
function buildLookup(tables: () => Tables): IpCountryLookup {
  const input = new Uint8Array(64);
  const key = new Uint32Array(4);
  const lookupV4 = (n: number): string | null => {
    if (isSpecialV4(n)) return null;
    key[0] = n;
    return countryName(find(tables().v4, key));
  };
  return (ip) => {
    // node:net validates the syntax; the parsers below only convert what it accepted.
    if (typeof ip !== 'string' || ip.length > input.length) return null;
    const v4 = isIPv4(ip);
    const zone = v4 ? -1 : ip.indexOf('%'); // "fe80::1%eth0": zones only occur on link-local addresses
    const text = zone === -1 ? ip : ip.slice(0, zone);
    if (!v4 && !isIPv6(text)) return null;
    for (let i = 0; i < text.length; i++) input[i] = text.charCodeAt(i);
    if (v4) return lookupV4(parseIpv4(input, 0, text.length));
    if (!parseIpv6(input, 0, text.length, key, 0)) return null;
    const [w0 = 0, w1 = 0, w2 = 0, w3 = 0] = key;
    // IPv4-mapped (::ffff:a.b.c.d), as dual-stack sockets report IPv4 clients.
    if (w0 === 0 && w1 === 0 && w2 === 0xffff) return lookupV4(w3);
    // Only global unicast (2000::/3) locates a client: this rules out :: and ::1, fc00::/7 (unique
    // local), fe80::/10 (link-local) and ff00::/8 (multicast); 2001:db8::/32 is for documentation.
    if (w0 >>> 29 !== 1 || w0 === 0x20010db8) return null;
    return countryName(find(tables().v6, key));
  };
}

const parseTables = (v4Text: Bytes, v6Text: Bytes): Tables => ({
  v4: buildTable(IPV4_FILE, v4Text, 1, parseIpv4Into),
  v6: buildTable(IPV6_FILE, v6Text, 4, parseIpv6),
});

let loading: Promise<IpCountryLookup> | undefined;

async function load(): Promise<IpCountryLookup> {
  const [v4Text, v6Text] = await Promise.all([readFile(dataFile(IPV4_FILE)), readFile(dataFile(IPV6_FILE))]);
  const tables = parseTables(v4Text, v6Text);
  return buildLookup(() => tables);
}

/**
 * Loads the country ranges (once per process: later calls share the same tables, about 15 MB) and
 * returns a synchronous lookup that answers by binary search.
 */
export async function loadIpCountryLookup(): Promise<IpCountryLookup> {
  loading ??= load();
  try {
    return await loading;
  } catch (error) {
    loading = undefined;
    throw error;
  }
}

/**
 * The same lookup without loading anything up front (the server's start, decision 034): the ranges are read
 * and parsed (a few hundred ms) the first time an address that can locate a client is looked up. Loopback,
 * private and malformed addresses, as a local demo sees, never load them. `loaded()` says whether they were.
 */
export function lazyIpCountryLookup(): IpCountryLookup & { loaded(): boolean } {
  let tables: Tables | undefined;
  const lookup = buildLookup(() => {
    tables ??= parseTables(readFileSync(dataFile(IPV4_FILE)), readFileSync(dataFile(IPV6_FILE)));
    return tables;
  });
  return Object.assign((ip: string) => lookup(ip), { loaded: () => tables !== undefined });
}
