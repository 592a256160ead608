import { sql } from 'drizzle-orm';
import { staffTokenOptions } from '../../src/modules/auth/staff-session.ts';
import { findUserById } from '../../src/modules/users/users.repository.ts';
import type { JsonSchema } from './schema-arbitrary.ts';
import type { TestApp } from './test-app.ts';

export type Operation = {
  method: string;
  /** OpenAPI path, e.g. `/api/v3/orders/{id}`. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
  /** Statuses the operation documents (a 429 is acceptable only where it is documented). */
  statuses: Set<number>;
};

type OpenApiOperation = {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
};

/** Every operation of the live app's OpenAPI document: routes added later are fuzzed without a new test. */
export function openApiOperations(t: TestApp): Operation[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query'),
      body: op.requestBody?.content?.['application/json']?.schema,
      statuses: new Set(Object.keys(op.responses ?? {}).map(Number)),
    })),
  );
}

/**
 * One value for a user's money and tasks: their user row, their tasks and every ledger entry of their balance or
 * their tasks. Equal before and after means nothing of theirs changed.
 */
export async function userStateHash(t: TestApp, userId: string): Promise<string> {
  const result = await t.db.execute(sql`
    select md5(
      coalesce((select u::text from users u where u.id = ${userId}), '') ||
      coalesce((select string_agg(o::text, '|' order by o.id) from orders o where o.user_id = ${userId}), '') ||
      coalesce((select string_agg(l::text, '|' order by l.id) from ledger_entries l
        where l.account_id = ${userId} or l.account_id in (select id from orders where user_id = ${userId})), '')
    ) as h`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { h: string }[];
  return rows[0]?.h ?? '';
}

/** A valid token for the user as they are now (a fuzzed log-out revokes the one before). */
export async function freshToken(t: TestApp, userId: string): Promise<string> {
  const user = await findUserById(t.db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  return t.ctx.tokens.sign({ userId, tokenVersion: user.tokenVersion });
}

/**
 * A current staff token for the staff account of `token` (decision 027: a short one, with its log-in time), so a
 * generated `POST /ops/logout` or `DELETE /ops/staff/{id}/sessions` in one operation's run leaves the next
 * operation a working token.
 */
export async function freshStaffToken(t: TestApp, token: string): Promise<string> {
  const claims = await t.ctx.tokens.verify(token);
  const user = claims && (await findUserById(t.db, claims.userId));
  if (!user) throw new Error('not a staff token');
  const now = t.ctx.now();
  return t.ctx.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion }, staffTokenOptions(now, now));
}

let ipCounter = 0;
/** A client address of its own for each request, so per-address rate limits never decide a generated run. */
export const uniqueIp = () => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** The operator API is the staff's; everything else is called as a student. */
export const isStaffPath = (path: string) => path.startsWith('/api/v3/ops/');

/** The Geek workspace's calls (decision 047): a Geek's token, never a user's. */
export const isWorkspacePath = (path: string) => path.startsWith('/api/v3/workspace/');

/** A valid workspace token for the Geek as they are now (a fuzzed log-out or password change revokes the one before). */
export async function freshGeekToken(t: TestApp, geekId: string): Promise<string> {
  const result = await t.db.execute(
    sql`select token_version as v from geek_logins where geek_id = ${geekId}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { v: number }[];
  const version = rows[0]?.v;
  if (version === undefined) throw new Error(`no Geek log-in ${geekId}`);
  const now = t.ctx.now();
  return t.ctx.tokens.sign(
    { userId: geekId, tokenVersion: version },
    { now, expiresAt: new Date(now.getTime() + 3_600_000), kind: 'geek' },
  );
}
