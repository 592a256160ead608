import { createOrderSchema } from '@geekly/domain/orders/order-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { createOrder } from './create-order.ts';
import { getOrder, listOrders } from './list-orders.ts';
import { orderResponseSchema } from './order-view.ts';

export function ordersRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', session.requireClient);

    r.post(
      '/orders',
      {
        schema: {
          tags: ['orders'],
          summary: 'Create a task',
          body: createOrderSchema,
          response: { 201: z.object({ _id: z.string() }), ...errorResponses(401, 422) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createOrder(ctx, currentUser(request), request.body)),
    );

    r.get(
      '/orders',
      {
        schema: {
          tags: ['orders'],
          summary: "The caller's tasks, newest first",
          querystring: z.object({ page: z.coerce.number().int().min(0).max(10_000).default(0) }),
          response: {
            200: z.object({ results: z.array(orderResponseSchema), total: z.number().int() }),
            ...errorResponses(401, 422),
          },
        },
      },
      async (request) => listOrders(ctx, currentUser(request), request.query.page),
    );

    r.get(
      '/orders/:id',
      {
        schema: {
          tags: ['orders'],
          summary: 'One task of the caller (another user’s task is a 404)',
          params: z.object({ id: z.string().max(100) }),
          response: { 200: orderResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const order = await getOrder(ctx, currentUser(request), request.params.id);
        if (!order) throw notFound('Order not found');
        return order;
      },
    );
  };
}
