import { OPERATOR_TRANSITIONS, type TransitionName } from '@geekly/domain/orders/order-machine.ts';
import { orderResponseSchema } from '@geekly/domain/orders/order-response-schema.ts';
import { topUpAmountSchema } from '@geekly/domain/payments/amount-schemas.ts';
import { emailField } from '@geekly/domain/users/user-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser, type Session } from '../../plugins/session.ts';
import { creditBalance } from './credit-balance.ts';
import { applyOperatorTransition, assignableGeeks, operatorOrder } from './operator-orders.ts';
import { logInStaff } from './staff-accounts.ts';

const opsOrderSchema = orderResponseSchema.extend({ user_id: z.string() });
const transitionBody = z.object({
  name: z.enum(OPERATOR_TRANSITIONS as [TransitionName, ...TransitionName[]]),
  writer_id: z.string().max(100).optional().describe('assign_geek: the Geek'),
});

/**
 * The operator API (`/api/v3/ops`): staff move tasks through the operator transitions of the order state
 * machine. Staff accounts come from `npm run staff:create`; client tokens are refused here and staff tokens
 * on the client endpoints.
 */
export function opsRoutes(ctx: AppContext, session: Session) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/ops/session',
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          tags: ['ops'],
          summary: 'Staff log-in; answers a bearer token',
          body: z.object({ email: emailField, password: z.string().min(1).max(128) }),
          response: { 200: z.object({ jwt: z.string() }), ...errorResponses(401, 422, 429) },
        },
      },
      async (request) => logInStaff(ctx, request.body.email, request.body.password),
    );

    await app.register(async (staff) => {
      const s = staff.withTypeProvider<ZodTypeProvider>();
      staff.addHook('preHandler', session.requireStaff);
      const params = z.object({ id: z.string().max(100) });

      s.get(
        '/ops/geeks',
        {
          schema: {
            tags: ['ops'],
            summary: 'The Geeks an operator can assign',
            response: {
              200: z.array(z.object({ _id: z.string(), public_full_name: z.string(), major: z.string() })),
              ...errorResponses(401, 403),
            },
          },
        },
        async () => assignableGeeks(ctx),
      );

      s.get(
        '/ops/orders/:id',
        {
          schema: {
            tags: ['ops'],
            summary: 'Any task, as its client sees it, with its client',
            params,
            response: { 200: opsOrderSchema, ...errorResponses(401, 403, 404) },
          },
        },
        async (request) => operatorOrder(ctx, request.params.id),
      );

      s.post(
        '/ops/orders/:id/transitions',
        {
          schema: {
            tags: ['ops'],
            summary: `Apply an operator transition: ${OPERATOR_TRANSITIONS.join(', ')}`,
            params,
            body: transitionBody,
            response: { 200: opsOrderSchema, ...errorResponses(401, 403, 404, 409, 422) },
          },
        },
        async (request) =>
          applyOperatorTransition(ctx, currentUser(request), request.params.id, request.body),
      );

      s.post(
        '/ops/users/:id/balance-credits',
        {
          schema: {
            tags: ['ops'],
            summary: "Credit a client's balance (goodwill); idempotent by idempotency_key",
            params,
            body: z.object({
              amount: topUpAmountSchema.describe('US dollars'),
              memo: z.string().trim().min(1).max(500),
              idempotency_key: z.string().min(8).max(100),
            }),
            response: {
              200: z.object({ credited: z.boolean(), available_balance: z.number() }),
              ...errorResponses(401, 403, 404, 422),
            },
          },
        },
        async (request) =>
          creditBalance(ctx, currentUser(request).id, request.params.id, {
            amountCents: request.body.amount,
            memo: request.body.memo,
            idempotencyKey: request.body.idempotency_key,
          }),
      );
    });
  };
}
