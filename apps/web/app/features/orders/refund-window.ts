import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';

/**
 * Issue 34: whether the task says "Refunds could be requested until {date}" where 'Request refund' was. The
 * server says so (`refund_window_closed`); a page left open past `refund_until` says so too, without a reload
 * (the server refuses the request then anyway, decision 036).
 */
export function refundWindowOver(order: OrderView, now = Date.now()): boolean {
  if (order.refund_window_closed) return true;
  return order.can.request_refund && order.refund_until !== null && now > Date.parse(order.refund_until);
}

export const canAskRefundNow = (order: OrderView, now = Date.now()) =>
  order.can.request_refund && !refundWindowOver(order, now);
