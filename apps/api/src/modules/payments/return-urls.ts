import type { PaymentContext } from '@geekly/domain/payments/pay-schemas.ts';
import type { ReturnUrls } from '../../db/schema.ts';

export type ReturnCase =
  | { purpose: 'top_up' }
  | { purpose: 'subscription' }
  | { purpose: 'tip'; orderId: string; amountCents: number }
  | { purpose: 'order'; orderId: string; context: PaymentContext };

/** docs/product/payments-and-ledger.md's table of return addresses, as decision 010 settles it; absolute, as a gateway needs them. */
export function returnUrls(publicUrl: string, c: ReturnCase): ReturnUrls {
  const abs = (path: string) => new URL(path, publicUrl).toString();
  const error = abs('/orders/payment-error');
  const expired = abs('/orders/payment-expired');
  switch (c.purpose) {
    case 'top_up':
      return { success: abs('/balance/payment-success'), cancel: abs('/balance'), error, expired };
    case 'subscription':
      // Decision 017: the subscription page shows the outcome; errors go where every payment's go.
      return { success: abs('/subscription'), cancel: abs('/subscription'), error, expired };
    case 'tip':
      return {
        success: abs(`/order/${c.orderId}/tips-success/${(c.amountCents / 100).toFixed(2)}`),
        cancel: abs(`/order/${c.orderId}/tips`),
        error,
        expired,
      };
    case 'order':
      if (c.context === 'add_ons')
        return {
          success: abs(`/order/${c.orderId}/payment-success`),
          cancel: abs(`/order/${c.orderId}/get-addons`),
          error,
          expired,
        };
      if (c.context === 'order')
        return {
          success: abs(`/order/${c.orderId}/payment-success`),
          cancel: abs(`/order/${c.orderId}`),
          error,
          expired,
        };
      // A card payment cancelled on the gateway's page returns to the checkout it left: the new-order flow's
      // stays in that flow (issue 34).
      return {
        success: abs('/orders/payment-success'),
        cancel: abs(
          c.context === 'neworder_checkout'
            ? `/neworder/${c.orderId}/checkout`
            : `/order/${c.orderId}/checkout`,
        ),
        error,
        expired,
      };
  }
}
