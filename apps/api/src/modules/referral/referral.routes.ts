import { referralContract } from '@geekly/domain/referral/referral-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { getReferral } from './get-referral.ts';

export function referralRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.route({
      ...contractRoute(referralContract.get, ['referral']),
      preHandler: session.requireClient,
      handler: async (request) => getReferral(ctx, currentUser(request)),
    });
  };
}
