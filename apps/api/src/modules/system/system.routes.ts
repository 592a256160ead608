import { systemContract } from '@geekly/domain/system/system-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { buildInfo, publishBuildInfo } from '../../lib/build-info.ts';
import { contractRoute } from '../../plugins/contract-route.ts';

/** A route asked without a session (load balancers, probes): the OpenAPI document lists no security for it. */
const withoutSession = <R extends { schema: object }>(route: R) => ({
  ...route,
  schema: { ...route.schema, security: [] },
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
    r.route({
      ...withoutSession(contractRoute(systemContract.health, ['system'])),
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const, staging, ...build };
      },
    });
    r.route({
      ...withoutSession(contractRoute(systemContract.ready, ['system'])),
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        if (drain.draining) return reply.status(503).send({ detail: 'Shutting down' });
        const state = await ctx.database.migrationState().catch(() => 'unreachable' as const);
        if (state === 'unreachable') return reply.status(503).send({ detail: 'Database unavailable' });
        if (state === 'behind') return reply.status(503).send({ detail: 'Database migrations not applied' });
        return { status: 'ready' as const };
      },
    });
  };
}
