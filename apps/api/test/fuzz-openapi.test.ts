import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { arbitraryFor, hasBadText, hostileValue, mutated, rawBodies } from './helpers/schema-arbitrary.ts';
import {
  freshGeekToken,
  freshStaffToken,
  freshToken,
  isStaffPath,
  isWorkspacePath,
  type Operation,
  openApiOperations,
  uniqueIp,
  userStateHash,
} from './helpers/sweep.ts';
import {
  call,
  createTestApp,
  creditBalance,
  pricedOrder,
  signUpClient,
  staffToken,
} from './helpers/test-app.ts';
import { approvedGeek } from './helpers/workspace.ts';

/**
 * docs/product/http-api.md "Bad input, for every call", generated from the live OpenAPI document: every operation gets 300 inputs
 * (schema-shaped values from fast-check, the same with one hostile field or a prototype key, hostile values of
 * every type, broken JSON and lying content types). Every string field sometimes carries NUL or a lone surrogate
 * (decision 030): such an input is never accepted. No answer may be a 5xx, a 429 only where the operation
 * documents one, and an answer of 4xx changes nothing of the caller's (user row, tasks, ledger).
 */
const INPUTS_PER_OPERATION = 300;

// The per-user limits (decision 030) are raised, as the sign-up one is, so the runs reach the use cases.
const t = await createTestApp({
  SIGNUP_LIMIT_PER_HOUR: '100000',
  UPLOADS_PER_HOUR: '100000',
  MESSAGES_PER_MINUTE: '100000',
  SMS_CODES_PER_ADDRESS_PER_HOUR: '100000',
  SMS_CODES_PER_PHONE_PER_DAY: '100000',
});
afterAll(() => t.close());

const student = await signUpClient(t);
const staff = await staffToken(t);
await creditBalance(t, staff, student.id, 100);
const order = await pricedOrder(t, student.token);
// Issue 31: a Geek with a task of the student's, so the workspace's calls reach their use cases.
const geek = await approvedGeek(t, staff);
const geekTask = await pricedOrder(t, student.token, { pages: 1 });
await creditBalance(t, staff, student.id, 100);
await call(t, {
  url: `/orders/${geekTask._id}/pay`,
  token: student.token,
  body: { account_balance_use: 100_000 },
});
await call(t, {
  url: `/ops/orders/${geekTask._id}/transitions`,
  token: staff,
  body: { name: 'accept_instructions' },
});
await call(t, { url: `/workspace/offers/${geekTask._id}/take`, token: geek.token, body: {} });
const ownIds = [order._id, student.id, geekTask._id, geek.id];

type Input = {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; payload: string; contentType: string };
};

const pathValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ownIds) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom('sandbox', 'stripe') },
  { weight: 2, arbitrary: hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
);

function inputs(op: Operation): fc.Arbitrary<Input> {
  const params = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue])));
  const query = fc.record(
    Object.fromEntries(
      op.queryParams.map((p) => [p.name, fc.oneof(arbitraryFor(p.schema), hostileValue)] as const),
    ),
    { requiredKeys: [] },
  );
  const valid = arbitraryFor(op.body);
  const body: fc.Arbitrary<Input['body']> = fc.oneof(
    { weight: op.body ? 4 : 1, arbitrary: valid.map((value) => ({ kind: 'json' as const, value })) },
    { weight: op.body ? 3 : 1, arbitrary: mutated(valid).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: rawBodies.map((r) => ({ kind: 'raw' as const, ...r })) },
    { weight: op.body ? 0 : 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
  return fc.record({ params, query, body });
}

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function send(op: Operation, input: Input, token: string) {
  let url = op.path;
  for (const [name, value] of Object.entries(input.params)) {
    url = url.replace(`{${name}}`, encodeURIComponent(value.toWellFormed()));
  }
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: string | undefined;
  if (input.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(input.body.value) ?? 'null';
  } else if (input.body.kind === 'raw') {
    headers['content-type'] = input.body.contentType;
    payload = input.body.payload;
  }
  const sentUrl = new URL(`${url}${queryString(input.query)}`, 'http://localhost');
  const badText =
    sentUrl.pathname.split('/').some((segment) => hasBadText(safeDecode(segment))) ||
    [...sentUrl.searchParams].some(([k, v]) => hasBadText(k) || hasBadText(v)) ||
    // A GET's body is never read (Fastify parses none), so only the other methods take text from it.
    (op.method !== 'GET' && input.body.kind === 'json' && hasBadText(JSON.parse(payload ?? 'null')));
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: `${url}${queryString(input.query)}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: uniqueIp(),
    // A stream (the live events) never ends by itself: read its status and headers, then hang up.
    payloadAsStream: true,
  });
  const stream = res.stream();
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: res.statusCode, body: '', badText };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { statusCode: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), badText };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

describe('fuzzing every operation of the OpenAPI document', () => {
  const operations = openApiOperations(t);

  it('finds the operations to fuzz in the live document', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('PATCH /api/v3/users/client/me');
  });

  for (const [index, op] of operations.entries()) {
    it(`${op.method} ${op.path}: ${INPUTS_PER_OPERATION} inputs, no 5xx, a refusal changes nothing`, async () => {
      const caller = isStaffPath(op.path)
        ? await freshStaffToken(t, staff)
        : isWorkspacePath(op.path)
          ? await freshGeekToken(t, geek.id)
          : await freshToken(t, student.id);
      const samples = fc.sample(inputs(op), { numRuns: INPUTS_PER_OPERATION, seed: 17_000 + index });
      const failures: string[] = [];
      let state = await userStateHash(t, student.id);
      for (const input of samples) {
        const res = await send(op, input, caller);
        const what = () =>
          `${res.statusCode} for ${JSON.stringify(input).slice(0, 300)}: ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) failures.push(`5xx: ${what()}`);
        // Decision 030: text with NUL or a lone surrogate, in any field, is never taken.
        if (res.badText && res.statusCode < 400) failures.push(`bad text accepted: ${what()}`);
        if (res.statusCode === 429 && !op.statuses.has(429)) failures.push(`undocumented 429: ${what()}`);
        if (op.method === 'GET') continue;
        const after = await userStateHash(t, student.id);
        if (res.statusCode >= 400 && after !== state) failures.push(`a refusal changed state: ${what()}`);
        state = after;
      }
      expect(failures.slice(0, 5)).toEqual([]);
      expect(samples).toHaveLength(INPUTS_PER_OPERATION);
    });
  }
});
