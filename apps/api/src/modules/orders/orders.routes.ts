import { couponCodeSchema } from '@geekly/domain/orders/order-form-schemas.ts';
import { ordersContract } from '@geekly/domain/orders/orders-contract.ts';
import { paymentsContract } from '@geekly/domain/payments/payments-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { trustedViewSerializer } from '../../plugins/openapi.ts';
import { currentUser, type Session, sessionClaims } from '../../plugins/session.ts';
import { checkDiscount } from '../coupons/check-discount.ts';
import { changeGroupSubject, previewGroupSubject } from './change-subject.ts';
import { createOrder } from './create-order.ts';
import { deadlinePrices } from './deadline-prices.ts';
import { editOrder } from './edit-order.ts';
import { getOrder, listOrders, orderView } from './list-orders.ts';
import { runOrderAction } from './order-actions.ts';
import { payOrder } from './pay-order.ts';
import { tipOrder } from './tip-order.ts';

/**
 * The client's hot reads, the task list and one task: their single statement checks the session itself, so
 * only the token's signature is checked before them (decision 025).
 */
export function orderReadsRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClientToken);

    r.route({
      ...contractRoute(ordersContract.list, ['orders']),
      ...trustedViewSerializer,
      handler: async (request) => listOrders(ctx, sessionClaims(request), request.query),
    });

    r.route({
      ...contractRoute(ordersContract.get, ['orders']),
      ...trustedViewSerializer,
      handler: async (request) => {
        const order = await getOrder(ctx, sessionClaims(request), request.params.id);
        if (!order) throw notFound('Order not found');
        return order;
      },
    });
  };
}

export function ordersRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.route({
      ...contractRoute(ordersContract.create, ['orders']),
      handler: async (request, reply) =>
        reply.status(201).send(await createOrder(ctx, currentUser(request), request.body)),
    });

    r.route({
      ...contractRoute(ordersContract.deadlinePrices, ['orders']),
      handler: async (request) => {
        const { deadline } = request.query;
        return deadlinePrices(
          ctx,
          currentUser(request),
          request.params.id,
          deadline ? new Date(deadline) : undefined,
        );
      },
    });

    r.route({
      ...contractRoute(ordersContract.edit, ['orders']),
      handler: async (request) =>
        orderView(ctx, await editOrder(ctx, currentUser(request), request.params.id, request.body)),
    });

    r.route({
      ...contractRoute(ordersContract.action, ['orders']),
      handler: async (request) =>
        orderView(ctx, await runOrderAction(ctx, currentUser(request), request.params.id, request.body)),
    });

    r.route({
      ...contractRoute(ordersContract.courseChangePreview, ['orders']),
      handler: async (request) => previewGroupSubject(ctx, currentUser(request), request.query.from),
    });

    r.route({
      ...contractRoute(ordersContract.courseChange, ['orders']),
      handler: async (request) =>
        changeGroupSubject(ctx, currentUser(request), request.body.from, request.body.subject),
    });

    r.route({
      ...contractRoute(paymentsContract.pay, ['orders', 'payments']),
      handler: async (request) => {
        const result = await payOrder(ctx, currentUser(request), request.params.id, request.body);
        if (result.status === 'redirect') return result;
        return { status: 'paid' as const, order: await orderView(ctx, result.row) };
      },
    });

    r.route({
      ...contractRoute(paymentsContract.tip, ['payments']),
      handler: async (request) => {
        const result = await tipOrder(ctx, currentUser(request), request.params.id, request.body);
        if (result.status === 'redirect') return result;
        return { status: 'paid' as const, order: await orderView(ctx, result.row) };
      },
    });

    r.route({
      ...contractRoute(ordersContract.discountCheck, ['orders']),
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      handler: async (request) => {
        const parsed = couponCodeSchema.safeParse(request.body.code);
        return checkDiscount(ctx, currentUser(request), parsed.success ? parsed.data : '');
      },
    });
  };
}
