import { z } from 'zod';
import { endpoint, noContentSchema } from '../http/endpoint.ts';
import { orderResponseSchema } from '../orders/order-response-schema.ts';
import { orderIdParams } from '../orders/orders-contract.ts';
import {
  balanceHistorySchema,
  paymentStatusSchema,
  payOrderSchema,
  redirectAnswerSchema,
  tipOrderSchema,
  topUpSchema,
} from './pay-schemas.ts';

/** Decision 010: a task payment or tip is settled from the balance at once, or answers the gateway form. */
const paidOrRedirectSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('paid'), order: orderResponseSchema }),
  redirectAnswerSchema,
]);
export type PaidOrRedirect = z.output<typeof paidOrRedirectSchema>;

const balanceHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});

const paymentIdParams = z.object({ id: z.string().max(100) });

/** The gateway's webhook answer once an event is recorded (or was already). */
const webhookReceivedSchema = z.object({ received: z.literal(true) });

/** Paying for tasks, tips, the balance and what became of a card payment (docs/product/payments-and-ledger.md). */
export const paymentsContract = {
  pay: endpoint({
    method: 'POST',
    path: '/orders/:id/pay',
    summary:
      'Pay what is due (the 30% deposit with partial, else the rest): from the balance when the allowed share covers it, else the gateway form for the rest',
    params: orderIdParams,
    body: payOrderSchema,
    responses: { 200: paidOrRedirectSchema },
    errors: [401, 404, 409, 422, 503],
  }),
  tip: endpoint({
    method: 'POST',
    path: '/orders/:id/tips',
    summary: 'Tip the task’s Geek: from the balance when it covers the tip, else by card',
    params: orderIdParams,
    body: tipOrderSchema,
    responses: { 200: paidOrRedirectSchema },
    errors: [401, 404, 409, 422, 503],
  }),
  topUp: endpoint({
    method: 'POST',
    path: '/balance/top-up',
    summary: 'Top up the balance by card: answers the gateway form',
    body: topUpSchema,
    responses: { 200: redirectAnswerSchema },
    errors: [401, 422, 503],
  }),
  balanceHistory: endpoint({
    method: 'GET',
    path: '/balance/history',
    summary: "The caller's balance and its ledger entries, newest first",
    query: balanceHistoryQuerySchema,
    responses: { 200: balanceHistorySchema },
    errors: [401, 422],
  }),
  payment: endpoint({
    method: 'GET',
    path: '/payments/:id',
    summary: 'What became of one of the caller’s card payments',
    params: paymentIdParams,
    responses: { 200: paymentStatusSchema },
    errors: [401, 404],
  }),
  /** A form the browser posts (Stripe's gateway form), answered by a redirect, never called with fetch. */
  checkout: endpoint({
    method: 'POST',
    path: '/payments/:id/checkout',
    summary: 'Stripe only: sends the browser on to the payment’s hosted Checkout page',
    params: paymentIdParams,
    responses: { 303: noContentSchema },
    errors: [401, 404],
  }),
  /** Called by the gateway with its signed raw body, never by the web app. */
  webhook: endpoint({
    method: 'POST',
    path: '/payments/webhooks/:gateway',
    summary: 'Gateway webhook (signed)',
    params: z.object({ gateway: z.string() }),
    responses: { 200: webhookReceivedSchema },
  }),
};
