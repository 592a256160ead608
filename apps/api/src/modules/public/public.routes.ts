import { publicContract } from '@geekly/domain/public/public-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { publicStats } from './public-stats.ts';

export function publicRoutes(ctx: AppContext) {
  const stats = contractRoute(publicContract.stats, ['public']);
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().route({
      ...stats,
      // Asked without a session: the OpenAPI document lists no security for it.
      schema: { ...stats.schema, security: [] },
      handler: async (_request, reply) => {
        // Every landing page asks; a minute-old count is still honest, so browsers and proxies may keep it.
        reply.header('cache-control', 'public, max-age=60');
        return publicStats(ctx);
      },
    });
  };
}
