import { redirectAnswerSchema } from '@geekly/domain/payments/pay-schemas.ts';
import { subscribeSchema } from '@geekly/domain/subscriptions/subscription-plans.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { cancelSubscription } from './cancel-subscription.ts';
import { subscribe } from './subscribe.ts';
import { subscriptionSchema, subscriptionsAnswer, subscriptionsAnswerSchema } from './subscription-view.ts';
import { userSubscriptionRows } from './subscriptions.repository.ts';

/** docs/product/http-api.md "Referral and subscription": the plans, buying one through the gateway, cancelling it. */
export function subscriptionsRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.get(
      '/subscriptions',
      {
        schema: {
          tags: ['subscriptions'],
          summary: "The plans and the caller's current subscription",
          response: { 200: subscriptionsAnswerSchema, ...errorResponses(401) },
        },
      },
      async (request) =>
        subscriptionsAnswer(await userSubscriptionRows(ctx.database.db, currentUser(request).id)),
    );

    r.post(
      '/subscriptions',
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Buy a plan: answers the gateway form; the webhook activates it',
          body: subscribeSchema,
          response: { 200: redirectAnswerSchema, ...errorResponses(401, 409, 422, 503) },
        },
      },
      async (request) => subscribe(ctx, currentUser(request), request.body),
    );

    r.post(
      '/subscriptions/:id/cancel',
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Cancel at the period end',
          params: z.object({ id: z.string().max(100) }),
          response: { 200: subscriptionSchema, ...errorResponses(401, 404, 409, 503) },
        },
      },
      async (request) => cancelSubscription(ctx, currentUser(request), request.params.id),
    );
  };
}
