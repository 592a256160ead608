import { applicationsContract } from '@geekly/domain/applications/applications-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { submitApplication } from './submit-application.ts';

export function applicationsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = contractRoute(applicationsContract.submit, ['public']);
    app.withTypeProvider<ZodTypeProvider>().route({
      ...route,
      schema: { ...route.schema, security: [] },
      // Open to visitors, so limited per address like sign-up.
      config: { rateLimit: { max: ctx.config.SIGNUP_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
      handler: async (request, reply) =>
        reply.status(201).send(await submitApplication(ctx, request.body, { ip: request.ip })),
    });
  };
}
