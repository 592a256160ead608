import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { getReferral, referralAnswerSchema } from './get-referral.ts';

export function referralRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/referral',
      {
        preHandler: session.requireClient,
        schema: {
          tags: ['referral'],
          summary: "The caller's referral code, share link and real figures",
          response: { 200: referralAnswerSchema, ...errorResponses(401) },
        },
      },
      async (request) => getReferral(ctx, currentUser(request)),
    );
  };
}
