import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { clientCountry } from '../../plugins/client-country.ts';

export const geoSchema = z.object({ country_code: z.string().length(2).nullable() });

/**
 * GET /geo: docs/product/http-api.md "Fetch IP info" (the response reads country_code), used by the cookie banner (docs/product/public-site.md).
 * The same lookup as the sign-up block: the proxy's header with TRUST_PROXY, else the offline IP database.
 * Unknown (private addresses, no range) is null.
 */
export function geoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/geo',
      {
        schema: {
          tags: ['system'],
          summary: "The caller's country from its IP address",
          response: { 200: geoSchema },
        },
      },
      async (request, reply) => {
        // Per caller: a shared cache must not hand one visitor's country to another.
        reply.header('cache-control', 'private, no-store');
        return { country_code: clientCountry(ctx, request) };
      },
    );
  };
}
