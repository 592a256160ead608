import type { PaymentContext } from '@geekly/domain/payments/pay-schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { type PaidOrRedirect, useOrderPaymentMutation } from '../../payments/api/order-payment-mutation.ts';

export type PayInput = {
  /**
   * The balance the client lets the payment use: integer cents, or (docs/product/http-api.md, the pay-from-balance screen)
   * dollars as a string with 2 decimals.
   */
  account_balance_use: number | string;
  /** The 30% deposit instead of the whole price. */
  partial?: boolean;
  /** The total the client sees; the server refuses to charge a different one. */
  expected_price?: number;
  /** Where the gateway sends the browser back (decision 010's return URL table). */
  context?: PaymentContext;
};

/** Settled from the balance, or the gateway form for what the balance does not cover. */
export type PayAnswer = PaidOrRedirect;

export const payOrder = (id: string, input: PayInput) =>
  api<PayAnswer>(`/orders/${encodeURIComponent(id)}/pay`, { body: input });

export const usePayOrder = (id: string) => useOrderPaymentMutation((input: PayInput) => payOrder(id, input));
