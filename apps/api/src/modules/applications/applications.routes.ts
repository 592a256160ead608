import { applicationSchema } from '@geekly/domain/applications/application-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { submitApplication } from './submit-application.ts';

export function applicationsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/applications',
      {
        // Open to visitors, so limited per address like sign-up.
        config: { rateLimit: { max: ctx.config.SIGNUP_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
        schema: {
          tags: ['public'],
          summary: 'Apply as a Geek, sign up for the teacher beta, or apply as an institution',
          security: [],
          body: applicationSchema,
          response: { 201: z.object({ _id: z.string() }), ...errorResponses(422, 429) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await submitApplication(ctx, request.body, { ip: request.ip })),
    );
  };
}
