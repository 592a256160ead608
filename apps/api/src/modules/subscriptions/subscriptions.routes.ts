import { subscriptionsContract } from '@geekly/domain/subscriptions/subscriptions-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { cancelSubscription } from './cancel-subscription.ts';
import { subscribe } from './subscribe.ts';
import { subscriptionsAnswer } from './subscription-view.ts';
import { userSubscriptionRows } from './subscriptions.repository.ts';

/** docs/product/http-api.md "Referral and subscription": the plans, buying one through the gateway, cancelling it. */
export function subscriptionsRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.route({
      ...contractRoute(subscriptionsContract.list, ['subscriptions']),
      handler: async (request) =>
        subscriptionsAnswer(await userSubscriptionRows(ctx.database.db, currentUser(request).id)),
    });

    r.route({
      ...contractRoute(subscriptionsContract.subscribe, ['subscriptions']),
      handler: async (request) => subscribe(ctx, currentUser(request), request.body),
    });

    r.route({
      ...contractRoute(subscriptionsContract.cancel, ['subscriptions']),
      handler: async (request) => cancelSubscription(ctx, currentUser(request), request.params.id),
    });
  };
}
