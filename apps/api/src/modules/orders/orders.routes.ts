import { deadlinePricesQuerySchema, deadlinePricesSchema } from '@geekly/domain/orders/deadline-prices.ts';
import { orderActionSchema } from '@geekly/domain/orders/order-action-schemas.ts';
import {
  couponCodeSchema,
  groupSubjectChangeSchema,
  groupSubjectPreviewQuerySchema,
  groupSubjectPreviewSchema,
  orderPatchSchema,
} from '@geekly/domain/orders/order-form-schemas.ts';
import { orderListQuerySchema } from '@geekly/domain/orders/order-list-filters.ts';
import { orderResponseSchema } from '@geekly/domain/orders/order-response-schema.ts';
import { createOrderSchema } from '@geekly/domain/orders/order-schemas.ts';
import { payOrderSchema } from '@geekly/domain/payments/pay-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { errorResponses, trustedViewSerializer } from '../../plugins/openapi.ts';
import { currentUser, type Session, sessionClaims } from '../../plugins/session.ts';
import { checkDiscount, discountInfoSchema } from '../coupons/check-discount.ts';
import { paidOrRedirectSchema } from '../payments/payments.routes.ts';
import { changeGroupSubject, previewGroupSubject } from './change-subject.ts';
import { createOrder } from './create-order.ts';
import { deadlinePrices } from './deadline-prices.ts';
import { getOrder, listOrders, orderView } from './list-orders.ts';
import { runOrderAction } from './order-actions.ts';
import { payOrder } from './pay-order.ts';
import { updateOrder } from './update-order.ts';

const orderParams = z.object({ id: z.string().max(100) });

/**
 * The client's hot reads, the task list and one task: their single statement checks the session itself, so
 * only the token's signature is checked before them (decision 025).
 */
export function orderReadsRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClientToken);

    r.get(
      '/orders',
      {
        ...trustedViewSerializer,
        schema: {
          tags: ['orders'],
          summary: "The caller's tasks, newest first (deleted ones left out), filtered by payment and status",
          querystring: orderListQuerySchema,
          response: {
            200: z.object({ results: z.array(orderResponseSchema), total: z.number().int() }),
            ...errorResponses(401, 422),
          },
        },
      },
      async (request) => listOrders(ctx, sessionClaims(request), request.query),
    );

    r.get(
      '/orders/:id',
      {
        ...trustedViewSerializer,
        schema: {
          tags: ['orders'],
          summary: 'One task of the caller (another user’s task is a 404)',
          params: orderParams,
          response: { 200: orderResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const order = await getOrder(ctx, sessionClaims(request), request.params.id);
        if (!order) throw notFound('Order not found');
        return order;
      },
    );
  };
}

export function ordersRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.post(
      '/orders',
      {
        schema: {
          tags: ['orders'],
          summary: 'Create a task; past NEW_TASKS_PER_HOUR in the last hour, a 429 with Retry-After',
          body: createOrderSchema,
          response: { 201: z.object({ _id: z.string() }), ...errorResponses(401, 422, 429) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createOrder(ctx, currentUser(request), request.body)),
    );

    r.get(
      '/orders/:id/deadline-prices',
      {
        schema: {
          tags: ['orders'],
          summary: 'What the task costs with later deadlines (+1, +2, +3 days), priced like its quote',
          params: orderParams,
          querystring: deadlinePricesQuerySchema,
          response: { 200: deadlinePricesSchema, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const { deadline } = request.query;
        return deadlinePrices(
          ctx,
          currentUser(request),
          request.params.id,
          deadline ? new Date(deadline) : undefined,
        );
      },
    );

    r.patch(
      '/orders/:id',
      {
        schema: {
          tags: ['orders'],
          summary: 'Edit a task; the server recalculates its quote (prices sent by the client are ignored)',
          params: orderParams,
          body: orderPatchSchema,
          response: { 200: orderResponseSchema, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) =>
        orderView(ctx, await updateOrder(ctx, currentUser(request), request.params.id, request.body)),
    );

    r.post(
      '/orders/:id',
      {
        schema: {
          tags: ['orders'],
          summary: 'A client action: rate, request a revision or a refund, add or remove an add-on, delete',
          params: orderParams,
          body: orderActionSchema,
          response: { 200: orderResponseSchema, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) =>
        orderView(ctx, await runOrderAction(ctx, currentUser(request), request.params.id, request.body)),
    );

    r.get(
      '/orders/subject-change',
      {
        schema: {
          tags: ['orders'],
          summary: "How many of the caller's tasks on one course a group course change would move, and keep",
          querystring: groupSubjectPreviewQuerySchema,
          response: { 200: groupSubjectPreviewSchema, ...errorResponses(401, 422) },
        },
      },
      async (request) => previewGroupSubject(ctx, currentUser(request), request.query.from),
    );

    r.post(
      '/orders/subject-change',
      {
        schema: {
          tags: ['orders'],
          summary:
            "Change the course of the caller's tasks on one course (a task delivered, refunded or refund-requested keeps its own)",
          body: groupSubjectChangeSchema,
          response: {
            200: z.object({ changed: z.number().int(), kept: z.number().int(), subject: z.string() }),
            ...errorResponses(401, 422),
          },
        },
      },
      async (request) =>
        changeGroupSubject(ctx, currentUser(request), request.body.from, request.body.subject),
    );

    r.post(
      '/orders/:id/pay',
      {
        schema: {
          tags: ['orders', 'payments'],
          summary:
            'Pay what is due (the 30% deposit with partial, else the rest): from the balance when the allowed share covers it, else the gateway form for the rest',
          params: orderParams,
          body: payOrderSchema,
          response: { 200: paidOrRedirectSchema, ...errorResponses(401, 404, 409, 422, 503) },
        },
      },
      async (request) => {
        const result = await payOrder(ctx, currentUser(request), request.params.id, request.body);
        if (result.status === 'redirect') return result;
        return { status: 'paid' as const, order: await orderView(ctx, result.row) };
      },
    );

    r.post(
      '/discount_check',
      {
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags: ['orders'],
          summary: 'Check a coupon code for the caller',
          body: z.object({ code: z.string().max(50) }),
          response: { 200: discountInfoSchema, ...errorResponses(401, 422, 429) },
        },
      },
      async (request) => {
        const parsed = couponCodeSchema.safeParse(request.body.code);
        return checkDiscount(ctx, currentUser(request), parsed.success ? parsed.data : '');
      },
    );
  };
}
