import { centsToDollars } from '@geekly/domain/money.ts';
import { paymentsContract } from '@geekly/domain/payments/payments-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WebhookSignatureError } from '../../adapters/payments/payment-gateway.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { webhooks } from '../../lib/metrics.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { balanceHistory } from './balance-history.ts';
import { findUserPayment } from './payments.repository.ts';
import { settlePaymentEvent } from './settle-payment.ts';
import { topUpBalance } from './top-up-balance.ts';

/** The signed webhook of the configured gateway; the source of truth for card payments (decision 010). */
function webhookRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Signatures are over the exact bytes received, so the body stays raw here.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    app.route({
      ...contractRoute(paymentsContract.webhook, ['payments']),
      handler: async (request) => {
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
        return { received: true as const };
      },
    });
  };
}

export function paymentsRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    await app.register(webhookRoutes(ctx));

    await app.register(async (client) => {
      const r = client.withTypeProvider<ZodTypeProvider>();
      client.addHook('preHandler', session.requireClient);

      r.route({
        ...contractRoute(paymentsContract.topUp, ['payments']),
        handler: async (request) => topUpBalance(ctx, currentUser(request), request.body.amount),
      });

      r.route({
        ...contractRoute(paymentsContract.balanceHistory, ['payments']),
        handler: async (request) => balanceHistory(ctx, currentUser(request), request.query.page),
      });

      r.route({
        ...contractRoute(paymentsContract.payment, ['payments']),
        handler: async (request) => {
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
      });

      r.route({
        ...contractRoute(paymentsContract.checkout, ['payments']),
        handler: async (request, reply) => {
          const p = await findUserPayment(ctx.database.db, currentUser(request).id, request.params.id);
          const { hostedPageUrl } = ctx.gateway;
          if (p?.status !== 'pending' || !p.gatewayRef || !hostedPageUrl) throw notFound('Payment not found');
          return reply.redirect(await hostedPageUrl.call(ctx.gateway, p.gatewayRef), 303);
        },
      });
    });
  };
}
