import { type Endpoint, errorBodySchema } from '@geekly/domain/http/endpoint.ts';

type Optional<E, K extends 'params' | 'query' | 'body', As extends string> = E extends {
  readonly [P in K]: infer S;
}
  ? { [P in As]: S }
  : unknown;

type ErrorResponses<E extends Endpoint> = E extends { readonly errors: readonly (infer S extends number)[] }
  ? Record<S, typeof errorBodySchema>
  : unknown;

type ContractSchema<E extends Endpoint> = {
  tags: string[];
  summary: string;
  response: E['responses'] & ErrorResponses<E>;
} & Optional<E, 'params', 'params'> &
  Optional<E, 'query', 'querystring'> &
  Optional<E, 'body', 'body'>;

/**
 * The Fastify route of one contract endpoint (decision 065): its method, URL and schema (params, querystring, body
 * and every answer, errors included) come from the contract, so the route cannot drift from what the web app
 * calls. Spread it into `r.route({ ...contractRoute(endpoint, tags), handler })`.
 */
export function contractRoute<const E extends Endpoint>(e: E, tags: string[]) {
  const schema: Record<string, unknown> = {
    tags,
    summary: e.summary,
    response: {
      ...e.responses,
      ...Object.fromEntries((e.errors ?? []).map((status) => [status, errorBodySchema])),
    },
  };
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;
  return { method: e.method, url: e.path, schema: schema as ContractSchema<E> };
}
