import { geoContract } from '@geekly/domain/geo/geo-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { clientCountry } from '../../plugins/client-country.ts';
import { contractRoute } from '../../plugins/contract-route.ts';

/**
 * GET /geo: docs/product/http-api.md "Fetch IP info" (the response reads country_code), used by the cookie banner (docs/product/public-site.md).
 * The same lookup as the sign-up block: the proxy's header with TRUST_PROXY, else the offline IP database.
 * Unknown (private addresses, no range) is null.
 */
export function geoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().route({
      ...contractRoute(geoContract.get, ['system']),
      handler: async (request, reply) => {
        // Per caller: a shared cache must not hand one visitor's country to another.
        reply.header('cache-control', 'private, no-store');
        return { country_code: clientCountry(ctx, request) };
      },
    });
  };
}
