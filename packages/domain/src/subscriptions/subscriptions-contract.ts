import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { redirectAnswerSchema } from '../payments/pay-schemas.ts';
import { SUBSCRIPTION_TAGS } from './subscription-display.ts';
import { subscribeSchema } from './subscription-plans.ts';

// docs/product/http-api.md "Referral and subscription": the plans, buying one through the gateway, cancelling it.

const subscriptionSchema = z.object({
  _id: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.string().nullable(),
  tag: z.enum(SUBSCRIPTION_TAGS),
  name: z.string(),
  next_scheduled_subscription: z.null(),
  price: z.number().describe('US dollars a month'),
  label: z.enum(['Active', 'Pending cancelation', 'Payment failed']).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const planSchema = z.object({
  tag: z.enum(SUBSCRIPTION_TAGS),
  name: z.string(),
  price: z.number().describe('US dollars'),
  interval: z.literal('month'),
  benefits: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

const subscriptionsAnswerSchema = z.object({
  plans: z.array(planSchema),
  current: subscriptionSchema.nullable(),
});
export type SubscriptionsAnswer = z.infer<typeof subscriptionsAnswerSchema>;

export const subscriptionsContract = {
  list: endpoint({
    method: 'GET',
    path: '/subscriptions',
    summary: "The plans and the caller's current subscription",
    responses: { 200: subscriptionsAnswerSchema },
    errors: [401],
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/subscriptions',
    summary: 'Buy a plan: answers the gateway form; the webhook activates it',
    body: subscribeSchema,
    responses: { 200: redirectAnswerSchema },
    errors: [401, 409, 422, 503],
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/subscriptions/:id/cancel',
    summary: 'Cancel at the period end',
    params: z.object({ id: z.string().max(100) }),
    responses: { 200: subscriptionSchema },
    errors: [401, 404, 409, 503],
  }),
};
