import type { TipOrderBody } from '@geekly/domain/payments/pay-schemas.ts';
import { paymentsContract } from '@geekly/domain/payments/payments-contract.ts';
import { apiCall } from '../../../lib/api-call.ts';
import { useOrderPaymentMutation } from './order-payment-mutation.ts';

/** POST /orders/{id}/tips (decision 010): paid from the balance at once, or the gateway form for the rest. */
const payTips = (id: string, body: TipOrderBody) => apiCall(paymentsContract.tip, { params: { id }, body });

export const usePayTips = (id: string) => useOrderPaymentMutation((body: TipOrderBody) => payTips(id, body));
