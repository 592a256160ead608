import { z } from 'zod';
import { MAX_TIP_CENTS } from '../orders/order-machine.ts';
import { topUpAmountSchema } from './amount-schemas.ts';

// `neworder_checkout`: the new-order flow's checkout (/neworder/{id}/checkout), where a cancelled card returns.
export const PAYMENT_CONTEXTS = ['checkout', 'neworder_checkout', 'add_ons', 'order'] as const;
export type PaymentContext = (typeof PAYMENT_CONTEXTS)[number];

const MAX_CENTS = 999_999_999;

/**
 * docs/product/http-api.md: account_balance_use is integer cents; the pay-from-balance screen sends the amount as a string
 * with 2 decimals (dollars). Both arrive here as integer cents.
 */
export const balanceUseField = z.union([
  z.int().min(0).max(MAX_CENTS),
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{2})?$/, 'Enter an amount like 12.50')
    .transform((s) => {
      const [whole = '0', fraction] = s.split('.');
      return fraction === undefined ? Number(whole) : Number(whole) * 100 + Number(fraction);
    })
    .pipe(z.int().max(MAX_CENTS)),
]);

/** POST /orders/{id}/pay (docs/product/http-api.md). */
export const payOrderSchema = z.object({
  account_balance_use: balanceUseField.default(0),
  partial: z.boolean().optional(),
  /**
   * The total the client was shown, in dollars. When the server's price differs (the clock moved the task into
   * another band, a coupon ran out), nothing is charged and the fresh task comes back to be shown.
   */
  expected_price: z.number().min(0).max(9_999_999.99).optional(),
  /**
   * Where the gateway sends the browser back to (decision 010): checkout (default), the new-order flow's checkout,
   * add-ons, or the task.
   */
  context: z.enum(PAYMENT_CONTEXTS).optional(),
});
/** The pay body as the web app sends it (`partial` asks for the 30% deposit). */
export type PayOrderBody = z.input<typeof payOrderSchema>;

/** POST /orders/{id}/tips: the tip in dollars; the balance share in cents, like account_balance_use. */
export const tipOrderSchema = z.object({
  amount: topUpAmountSchema.pipe(z.int().max(MAX_TIP_CENTS, 'The largest tip is $1000.00')),
  account_balance_use: balanceUseField.default(0),
});
/** The tip body as the web app sends it: `amount` in dollars as text, the balance share in cents. */
export type TipOrderBody = z.input<typeof tipOrderSchema>;

/** POST /balance/top-up (docs/product/payments-and-ledger.md "Balance"). */
export const topUpSchema = z.object({ amount: topUpAmountSchema });

/** A form the browser posts to the payment gateway (docs/product/http-api.md). */
const gatewayFormSchema = z.object({
  url: z.string(),
  method: z.literal('POST'),
  fields: z.record(z.string(), z.string()),
});
export type GatewayForm = z.output<typeof gatewayFormSchema>;

export const redirectAnswerSchema = z.object({
  status: z.literal('redirect'),
  payment_id: z.string(),
  gateway: gatewayFormSchema,
});

const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'expired'] as const;

/** GET /payments/{id}: what became of a card payment, for the return screens. */
export const paymentStatusSchema = z.object({
  _id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  purpose: z.enum(['order', 'tip', 'top_up', 'subscription']),
  amount: z.number().describe('US dollars paid by card'),
  order_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** After success: 'applied', or 'kept_on_balance' when the task could no longer take it. */
  outcome: z.string().nullable(),
  outcome_note: z.string().nullable(),
});
export type PaymentStatus = z.output<typeof paymentStatusSchema>;

const balanceEntrySchema = z.object({
  _id: z.string(),
  created_at: z.string(),
  kind: z.string(),
  description: z.string(),
  amount: z.number().describe('signed US dollars: money in is positive'),
  order_id: z.string().nullable(),
  order_number: z.number().int().nullable(),
});
export type BalanceEntry = z.output<typeof balanceEntrySchema>;

export const balanceHistorySchema = z.object({
  available_balance: z.number(),
  total: z.number().int(),
  results: z.array(balanceEntrySchema),
});
