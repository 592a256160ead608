import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { publicStats } from './public-stats.ts';

export const publicStatsSchema = z.object({
  geeks_online: z.number().int().describe('Geeks seen in the last 15 minutes'),
  signups_last_week: z.number().int().describe('Client accounts created in the last 7 days'),
});

export function publicRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/public/stats',
      {
        schema: {
          tags: ['public'],
          summary: 'Geeks online and sign-ups last week, for the landing page',
          security: [],
          response: { 200: publicStatsSchema },
        },
      },
      async (_request, reply) => {
        // Every landing page asks; a minute-old count is still honest, so browsers and proxies may keep it.
        reply.header('cache-control', 'public, max-age=60');
        return publicStats(ctx);
      },
    );
  };
}
