import fc from 'fast-check';

/** The slice of JSON Schema (as the OpenAPI document states it) that the generated suites read. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

const DAY = 86_400_000;
const dateTime = fc
  .integer({ min: -30, max: 400 })
  .chain((days) => fc.integer({ min: 0, max: DAY - 1 }).map((ms) => Date.now() + days * DAY + ms))
  .map((t) => new Date(t).toISOString());

/** Decision 030: NUL (PostgreSQL refuses it) and lone surrogates, alone or in otherwise fine text. */
export const BAD_TEXT = ['\u0000', '\uD800', '\uDFFF', '\u0000\uFFFF\uD800'] as const;
const badText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...BAD_TEXT), fc.string({ maxLength: 8 }))
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** True when `value` holds a string (or an object key) with NUL or a lone surrogate, at any depth. */
export function hasBadText(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed();
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => hasBadText(k) || hasBadText(v));
}

/** Every string field of every schema: mostly shaped values, sometimes text with NUL or a lone surrogate. */
function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof({ weight: 9, arbitrary: shapedString(s) }, { weight: 1, arbitrary: badText });
}

function shapedString(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'date-time') return dateTime;
  if (s.format === 'email') return fc.emailAddress();
  const minLength = s.minLength ?? 0;
  // Long inputs come from the hostile values; valid ones stay short so a run stays fast.
  const maxLength = Math.min(s.maxLength ?? 40, Math.max(minLength, 40));
  if (s.pattern) {
    try {
      const matching = fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= minLength && (s.maxLength === undefined || v.length <= s.maxLength));
      // A pattern that fast-check cannot satisfy cheaply falls back to plain strings (still valid input to fuzz).
      return fc.oneof(matching, fc.emailAddress(), fc.string({ minLength, maxLength }));
    } catch {
      return fc.string({ minLength, maxLength });
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc
      .constantFrom('5 pages', '1 page', '12.50', '10', 'English', 'Essay writing')
      .filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY)),
  );
}

/** fast-check values that satisfy (mostly) the schema: the "well-formed" half of a fuzz run. */
export function arbitraryFor(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryFor(a, depth + 1)));
  if (s.allOf?.[0]) return arbitraryFor(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
    case 'number': {
      const min = Math.max(s.minimum ?? -1000, Number.MIN_SAFE_INTEGER);
      const max = Math.min(s.maximum ?? 100_000, Number.MAX_SAFE_INTEGER);
      const integers = fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
      if (type === 'integer') return integers;
      return fc.oneof(integers, fc.double({ min, max, noNaN: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(s.items, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, 5),
      });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) record[key] = arbitraryFor(sub, depth + 1);
      const requiredKeys = Object.keys(props).filter((k) => required.has(k));
      const minimal = Object.fromEntries(requiredKeys.map((k) => [k, record[k] as fc.Arbitrary<unknown>]));
      // Only the required keys (an empty patch for an all-optional schema) is an edge worth its own share.
      return fc.oneof(
        { weight: 4, arbitrary: fc.record(record, { requiredKeys }) },
        { weight: 1, arbitrary: fc.record(minimal) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values of every wrong kind: types, sizes, prototype keys, numbers JSON cannot hold exactly. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    1e308,
    -1e308,
    5e-324,
    2 ** 53 + 2,
    '',
    ' ',
    'NaN',
    'Infinity',
    '-1',
    '9007199254740993',
    '1e308',
    'null',
    'undefined',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    '\uD800',
    '00000000-0000-0000-0000-000000000000',
    'x'.repeat(100_000),
    '💥'.repeat(5_000),
    [],
    {},
    [[[[[[[[[[[]]]]]]]]]]],
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  ),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A well-formed object with one field replaced by a hostile value, or a prototype key added. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, hostileValue, fc.nat(), fc.boolean()).map(([value, bad, n, protoKey]) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return bad;
    const keys = Object.keys(value);
    const text = JSON.stringify(value);
    // JSON.parse makes __proto__ an own key, as a hostile client's body would.
    const copy = JSON.parse(text) as Record<string, unknown>;
    if (protoKey || keys.length === 0) {
      const proto = `{"__proto__":${JSON.stringify(bad) ?? 'null'}`;
      return JSON.parse(text === '{}' ? `${proto}}` : `${proto},${text.slice(1)}`);
    }
    copy[keys[n % keys.length] as string] = bad;
    return copy;
  });
}

/** Bodies that are not JSON at all, or JSON of the wrong shape, with the content types a client may lie with. */
export const rawBodies = fc.record({
  payload: fc.constantFrom(
    '',
    '{',
    '{"a":',
    'NaN',
    '{"x": NaN}',
    '{"amount": Infinity}',
    '1e309',
    'null',
    '[]',
    '"text"',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"a":"${'x'.repeat(500_000)}"}`,
    '\u0000\u0001\u0002',
    'a=1&b=2',
    '<xml/>',
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
  ),
});
