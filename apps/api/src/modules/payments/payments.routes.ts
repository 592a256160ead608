import { centsToDollars } from '@geekly/domain/money.ts';
import { orderResponseSchema } from '@geekly/domain/orders/order-response-schema.ts';
import {
  balanceHistorySchema,
  paymentStatusSchema,
  redirectAnswerSchema,
  tipOrderSchema,
  topUpSchema,
} from '@geekly/domain/payments/pay-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookSignatureError } from '../../adapters/payments/payment-gateway.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { webhooks } from '../../lib/metrics.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { orderView } from '../orders/list-orders.ts';
import { balanceHistory } from './balance-history.ts';
import { findUserPayment } from './payments.repository.ts';
import { settlePaymentEvent } from './settle-payment.ts';
import { tipOrder } from './tip-order.ts';
import { topUpBalance } from './top-up-balance.ts';

const idParams = z.object({ id: z.string().max(100) });
export const paidOrRedirectSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('paid'), order: orderResponseSchema }),
  redirectAnswerSchema,
]);

/** The signed webhook of the configured gateway; the source of truth for card payments (decision 010). */
function webhookRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Signatures are over the exact bytes received, so the body stays raw here.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      '/payments/webhooks/:gateway',
      {
        schema: {
          tags: ['payments'],
          summary: 'Gateway webhook (signed)',
          params: z.object({ gateway: z.string() }),
        },
      },
      async (request) => {
        const { gateway } = request.params as { gateway: string };
        if (gateway !== ctx.gateway.name) throw notFound('Unknown gateway');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        let event: ReturnType<typeof ctx.gateway.verifyWebhook>;
        try {
          event = ctx.gateway.verifyWebhook(raw, request.headers, ctx.now());
        } catch (err) {
          if (err instanceof WebhookSignatureError || err instanceof SyntaxError) {
            webhooks.inc({ gateway, result: 'refused' });
            throw new AppError('BAD_SIGNATURE', 'Webhook signature verification failed', {
              errorType: 'bad_signature',
            });
          }
          throw err;
        }
        const { applied } = await settlePaymentEvent(ctx, gateway, event);
        webhooks.inc({ gateway, result: applied ? 'applied' : 'duplicate' });
        return { received: true };
      },
    );
  };
}

export function paymentsRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    await app.register(webhookRoutes(ctx));

    await app.register(async (client) => {
      const r = client.withTypeProvider<ZodTypeProvider>();
      client.addHook('preHandler', session.requireClient);

      r.post(
        '/balance/top-up',
        {
          schema: {
            tags: ['payments'],
            summary: 'Top up the balance by card: answers the gateway form',
            body: topUpSchema,
            response: { 200: redirectAnswerSchema, ...errorResponses(401, 422, 503) },
          },
        },
        async (request) => topUpBalance(ctx, currentUser(request), request.body.amount),
      );

      r.get(
        '/balance/history',
        {
          schema: {
            tags: ['payments'],
            summary: "The caller's balance and its ledger entries, newest first",
            querystring: z.object({ page: z.coerce.number().int().min(0).max(10_000).default(0) }),
            response: { 200: balanceHistorySchema, ...errorResponses(401, 422) },
          },
        },
        async (request) => balanceHistory(ctx, currentUser(request), request.query.page),
      );

      r.get(
        '/payments/:id',
        {
          schema: {
            tags: ['payments'],
            summary: 'What became of one of the caller’s card payments',
            params: idParams,
            response: { 200: paymentStatusSchema, ...errorResponses(401, 404) },
          },
        },
        async (request) => {
          const p = await findUserPayment(ctx.database.db, currentUser(request).id, request.params.id);
          if (!p) throw notFound('Payment not found');
          return {
            _id: p.id,
            status: p.status,
            purpose: p.purpose,
            amount: centsToDollars(p.amountCents),
            order_id: p.orderId,
            failure_reason: p.failureReason,
            outcome: p.outcome,
            outcome_note: p.outcomeNote,
          };
        },
      );

      r.post(
        '/payments/:id/checkout',
        {
          schema: {
            tags: ['payments'],
            summary: 'Stripe only: sends the browser on to the payment’s hosted Checkout page',
            params: idParams,
            response: errorResponses(401, 404),
          },
        },
        async (request, reply) => {
          const p = await findUserPayment(ctx.database.db, currentUser(request).id, request.params.id);
          const { hostedPageUrl } = ctx.gateway;
          if (p?.status !== 'pending' || !p.gatewayRef || !hostedPageUrl) throw notFound('Payment not found');
          return reply.redirect(await hostedPageUrl.call(ctx.gateway, p.gatewayRef), 303);
        },
      );

      r.post(
        '/orders/:id/tips',
        {
          schema: {
            tags: ['payments'],
            summary: 'Tip the task’s Geek: from the balance when it covers the tip, else by card',
            params: idParams,
            body: tipOrderSchema,
            response: { 200: paidOrRedirectSchema, ...errorResponses(401, 404, 409, 422, 503) },
          },
        },
        async (request) => {
          const result = await tipOrder(ctx, currentUser(request), request.params.id, request.body);
          if (result.status === 'redirect') return result;
          return { status: 'paid' as const, order: await orderView(ctx, result.row) };
        },
      );
    });
  };
}
