import { createGeekSchema, geekResponseSchema } from '@geekly/domain/geeks/geek-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { Session } from '../../plugins/session.ts';
import { createGeek } from './geek-profiles.ts';

/** POST /ops/geeks (API.md "Operator API"): staff add Geek profiles. */
export function opsGeeksRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', session.requireStaff);
    app.withTypeProvider<ZodTypeProvider>().post(
      '/ops/geeks',
      {
        schema: {
          tags: ['ops'],
          summary: 'Add a Geek profile',
          body: createGeekSchema,
          response: { 201: geekResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request, reply) => reply.status(201).send(await createGeek(ctx, request.body)),
    );
  };
}
