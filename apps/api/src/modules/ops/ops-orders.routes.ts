import { noteSchema, partialRefundSchema, QUEUE_GROUPS } from '@geekly/domain/ops/back-office.ts';
import { OPERATOR_TRANSITIONS, type TransitionName } from '@geekly/domain/orders/order-machine.ts';
import { orderResponseSchema } from '@geekly/domain/orders/order-response-schema.ts';
import { returnToGeekNoteSchema } from '@geekly/domain/workspace/workspace-contract.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { currentUser } from '../../plugins/session.ts';
import { applyOperatorTransition, operatorOrder } from './operator-orders.ts';
import { operatorQueue } from './order-queue.ts';
import { refundPart } from './partial-refund.ts';
import { addOrderNote, orderMoney, orderNotesList, orderTimeline } from './task-records.ts';

const transitionName = z.enum(OPERATOR_TRANSITIONS as [TransitionName, ...TransitionName[]]);
const groupId = z.enum(QUEUE_GROUPS.map((g) => g.id) as [string, ...string[]]);
export const opsOrderSchema = orderResponseSchema.extend({
  user_id: z.string(),
  number: z.number(),
  client_email: z.string(),
  geek_name: z.string().nullable(),
  tags: z.array(z.string()),
  refund_comment: z.string().nullable().describe("the client's reason for a refund request"),
  refund_to: z.enum(['balance', 'card']).nullable().describe('where the client asked the refund to go'),
  operator_transitions: z
    .array(transitionName)
    .describe('The operator transitions the state machine allows now'),
});
const transitionBody = z.object({
  name: transitionName,
  writer_id: z.string().max(100).optional().describe('assign_geek: the Geek'),
  note: returnToGeekNoteSchema.optional().describe('return_to_geek: what the Geek must fix (decision 048)'),
});
const queueItem = z.object({
  _id: z.string(),
  number: z.number(),
  title: z.string(),
  subject: z.string(),
  client_email: z.string(),
  system_client_status: z.string(),
  client_status: z.string().nullable(),
  deadline: z.string(),
  price: z.number().nullable(),
  paid: z.number(),
  geek_name: z.string().nullable(),
  unread_messages: z.number(),
  group: groupId.nullable(),
});
const note = z.object({ _id: z.string(), body: z.string(), author: z.string(), created_at: z.string() });
const money = z.number().describe('US dollars');

/** The operator API's task calls (staff only: registered behind requireStaff). */
export function opsOrderRoutes(ctx: AppContext, app: FastifyInstance) {
  const s = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.string().max(100) });

  s.get(
    '/ops/orders',
    {
      schema: {
        tags: ['ops'],
        summary:
          'The queue: tasks that need staff, grouped by what is needed; search by number, title, e-mail',
        querystring: z.object({
          // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail in the query.
          q: z
            .string()
            .max(200)
            .regex(/^[^\0]*$/, 'Search text cannot contain a NUL character')
            .optional(),
          group: groupId.optional(),
          status: z
            .string()
            .max(50)
            .regex(/^[^\0]*$/, 'Status cannot contain a NUL character')
            .optional(),
          all: z.enum(['true', 'false']).optional().describe('every task matching the search, needed or not'),
        }),
        response: {
          200: z.object({ results: z.array(queueItem), counts: z.record(z.string(), z.number()) }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) =>
      operatorQueue(ctx, {
        q: request.query.q,
        group: request.query.group as never,
        status: request.query.status,
        all: request.query.all === 'true',
      }),
  );

  s.get(
    '/ops/orders/:id',
    {
      schema: {
        tags: ['ops'],
        summary: 'Any task, as its client sees it, with its client and the transitions allowed now',
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
    async (request) => applyOperatorTransition(ctx, currentUser(request), request.params.id, request.body),
  );

  s.post(
    '/ops/orders/:id/refunds',
    {
      schema: {
        tags: ['ops'],
        summary: 'A partial refund: at most what is paid and not yet refunded, to the balance or the card',
        params,
        body: partialRefundSchema,
        response: {
          201: z.object({
            order_id: z.string(),
            amount: money,
            to: z.enum(['balance', 'card']),
            memo: z.string(),
            to_card: money,
            to_balance: money,
            cashback_kept: money,
            paid: money.describe("the task's paid amount after the refund"),
          }),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { amount, to, memo } = request.body;
      reply.code(201);
      return refundPart(ctx, currentUser(request), request.params.id, { amountCents: amount, to, memo });
    },
  );

  s.get(
    '/ops/orders/:id/notes',
    {
      schema: {
        tags: ['ops'],
        summary: "Staff's internal notes on the task (never shown to the client)",
        params,
        response: { 200: z.object({ results: z.array(note) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => orderNotesList(ctx, request.params.id),
  );

  s.post(
    '/ops/orders/:id/notes',
    {
      schema: {
        tags: ['ops'],
        summary: 'Leave an internal note',
        params,
        body: noteSchema,
        response: { 201: note, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return addOrderNote(ctx, currentUser(request), request.params.id, request.body.body);
    },
  );

  s.get(
    '/ops/orders/:id/money',
    {
      schema: {
        tags: ['ops'],
        summary: 'Payments, card refunds, ledger entries and what can still be refunded',
        params,
        response: {
          200: z.object({
            refundable: money,
            payments: z.array(
              z.object({
                _id: z.string(),
                purpose: z.string(),
                amount: money,
                balance_use: money,
                gateway: z.string(),
                status: z.string(),
                outcome: z.string().nullable(),
                created_at: z.string(),
              }),
            ),
            card_refunds: z.array(
              z.object({ _id: z.string(), amount: money, status: z.string(), created_at: z.string() }),
            ),
            ledger: z.array(
              z.object({
                _id: z.string(),
                kind: z.string(),
                memo: z.string().nullable(),
                order_amount: money,
                entries: z.array(z.object({ account_type: z.string(), amount: money })),
                created_at: z.string(),
              }),
            ),
          }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => orderMoney(ctx, request.params.id),
  );

  s.get(
    '/ops/orders/:id/timeline',
    {
      schema: {
        tags: ['ops'],
        summary: 'Everything that happened to the task, oldest first, each with who did it',
        params,
        response: {
          200: z.object({
            results: z.array(
              z.object({ at: z.string(), kind: z.string(), who: z.string(), text: z.string() }),
            ),
          }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => orderTimeline(ctx, request.params.id),
  );
}
