import { z } from 'zod';

// One HTTP call of the API as the API serves it and the web app calls it (decision 065): its method, its path in
// Fastify's form (`/orders/:id`), the schemas of its params, query and body, every success answer's schema, and
// the error statuses it may answer (all with the one error body below). The API builds its route schema and the
// OpenAPI document from it; the web app's `apiCall` builds the request from it and infers the answer.

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The body of every error answer (docs/product/http-api.md "Errors"). */
export const errorBodySchema = z.object({
  detail: z.string(),
  error_type: z.string().optional(),
  error_value: z.unknown().optional(),
});

/** The answer of a call that answers 204. */
export const noContentSchema = z.null().describe('No content');

export type Endpoint = {
  readonly method: HttpMethod;
  readonly path: string;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Every success status the call answers, with its body's schema. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
  /** The error statuses the call may answer, each with `errorBodySchema`. */
  readonly errors?: readonly number[];
};

/** Declares one endpoint, keeping its literal types for the route and the client. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** The body of an endpoint's success answer (the union when it has several). */
export type EndpointAnswer<E extends Endpoint> = z.output<E['responses'][keyof E['responses']]>;

type Field<E, K extends 'params' | 'query' | 'body'> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? Record<string, never> extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a caller gives an endpoint: its path params, query and body, each typed by the contract. */
export type EndpointInput<E extends Endpoint> = Field<E, 'params'> & Field<E, 'query'> & Field<E, 'body'>;
