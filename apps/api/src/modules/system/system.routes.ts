import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { buildInfo, publishBuildInfo } from '../../lib/build-info.ts';
import { errorResponses } from '../../plugins/openapi.ts';

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string().describe('The release (package.json version): CHANGELOG.md says what changed'),
  commit: z.string().describe('The commit the release was built from (BUILD_COMMIT, or git)'),
  staging: z
    .boolean()
    .describe(
      'A production-mode site on the sandbox gateway (ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION): payments are not real',
    ),
});

/**
 * docs/product/http-api.md "Operations" (decision 031): health is the process alone, readiness is what a load balancer asks before
 * sending a request here (the database answers and has every migration). A draining process (SIGTERM) answers
 * 503 to /ready while it still serves, so the proxy stops sending it requests before it closes (decision 063);
 * a closing one answers 503 to both (Fastify refuses new requests while it closes).
 */
export function systemRoutes(ctx: AppContext, drain: { draining: boolean } = { draining: false }) {
  // Known at start-up: production mode with the sandbox allowed by ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION.
  const staging = ctx.config.PRODUCTION && ctx.config.GATEWAY === 'sandbox';
  const build = buildInfo(ctx.config.BUILD_COMMIT);
  publishBuildInfo(build);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness: 200 while the process is up (the database is /ready)',
          security: [],
          response: { 200: healthSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const, staging, ...build };
      },
    );
    r.get(
      '/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'Readiness: the database is reachable and every migration is applied; 503 otherwise',
          security: [],
          response: { 200: z.object({ status: z.literal('ready') }), ...errorResponses(503) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        if (drain.draining) return reply.status(503).send({ detail: 'Shutting down' });
        const state = await ctx.database.migrationState().catch(() => 'unreachable' as const);
        if (state === 'unreachable') return reply.status(503).send({ detail: 'Database unavailable' });
        if (state === 'behind') return reply.status(503).send({ detail: 'Database migrations not applied' });
        return { status: 'ready' as const };
      },
    );
  };
}
