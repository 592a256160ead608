import { api } from '../../../lib/api-client.ts';
import { type PaidOrRedirect, useOrderPaymentMutation } from './order-payment-mutation.ts';

export type TipInput = {
  /** US dollars as text with 2 decimals. */
  amount: string;
  /** Integer cents of the balance the tip may use. */
  account_balance_use: number;
};

export type TipAnswer = PaidOrRedirect;

/** POST /orders/{id}/tips (decision 010): paid from the balance at once, or the gateway form for the rest. */
export const payTips = (id: string, input: TipInput) =>
  api<TipAnswer>(`/orders/${encodeURIComponent(id)}/tips`, { body: input });

export const usePayTips = (id: string) => useOrderPaymentMutation((input: TipInput) => payTips(id, input));
