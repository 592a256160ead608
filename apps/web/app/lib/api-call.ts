import type { Endpoint, EndpointAnswer, EndpointInput } from '@geekly/domain/http/endpoint.ts';
import type { z } from 'zod';
import { api } from './api-client.ts';
import type { BearerSession } from './bearer-session.ts';

/**
 * How a call is authenticated: the student's cookie (the default), or an area's bearer token (the back office's,
 * the Geek workspace's; decision 050).
 */
type CallOptions = { auth?: Pick<BearerSession, 'call'> };

type Args<E extends Endpoint> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** The endpoint's path with its `:name` params filled in (URL-encoded). */
function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path param ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (`?a=1&b=x&b=y`), leaving out undefined values; '' when there is none. */
function endpointQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) q.append(key, String(one));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** An answer that does not match its contract: the API and the web app have drifted apart. */
class ContractDriftError extends Error {}

declare global {
  // Set by the browser stories (e2e/support/test.ts) so the production build checks every answer too.
  var __GEEKLY_CHECK_ANSWERS__: boolean | undefined;
}

const checkingAnswers = () => import.meta.env.DEV || globalThis.__GEEKLY_CHECK_ANSWERS__ === true;

function checkAnswer(e: Endpoint, answer: unknown) {
  const schemas = Object.values(e.responses) as z.ZodType[];
  const results = schemas.map((s) => s.safeParse(answer));
  if (results.some((r) => r.success)) return;
  const issues = results.flatMap((r) => (r.success ? [] : r.error.issues.slice(0, 3)));
  const where = issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
  const message = `[contract] ${e.method} ${e.path} answered outside its contract: ${where}`;
  console.error(message);
  throw new ContractDriftError(message);
}

/**
 * Calls one endpoint of the API's contract (decision 065): the path, query and body are built from `input` as
 * the contract types them, and the answer is typed by the contract. In development and in the browser stories
 * the answer is also parsed by its schema, so a drift between the API and the screens fails at once.
 */
export async function apiCall<E extends Endpoint>(
  e: E,
  ...[input, options]: Args<E>
): Promise<EndpointAnswer<E>> {
  const given = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const path = endpointPath(e.path, given.params) + endpointQuery(given.query);
  const init = { method: e.method, body: given.body };
  const answer = (options?.auth ? await options.auth.call(path, init) : await api(path, init)) ?? null;
  if (checkingAnswers()) checkAnswer(e, answer);
  return answer as EndpointAnswer<E>;
}
