import type { PayOrderBody } from '@geekly/domain/payments/pay-schemas.ts';
import { paymentsContract } from '@geekly/domain/payments/payments-contract.ts';
import { apiCall } from '../../../lib/api-call.ts';
import { useOrderPaymentMutation } from './order-payment-mutation.ts';

/** POST /orders/{id}/pay: settled from the balance, or the gateway form for what the balance does not cover. */
export const payOrder = (id: string, body: PayOrderBody) =>
  apiCall(paymentsContract.pay, { params: { id }, body });

export const usePayOrder = (id: string) =>
  useOrderPaymentMutation((body: PayOrderBody) => payOrder(id, body));
