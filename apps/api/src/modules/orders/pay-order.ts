import { dollarsToCents } from '@geekly/domain/money.ts';
import { amountDueCents } from '@geekly/domain/orders/order-machine.ts';
import type { payOrderSchema } from '@geekly/domain/payments/pay-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { couponRefusal } from '../coupons/coupon-refusal.ts';
import type { UserRow } from '../users/users.repository.ts';
import { applyOrderTransition } from './apply-order-transition.ts';

export type PayOrderBody = z.output<typeof payOrderSchema>;

/**
 * POST /orders/{id}/pay: the server decides what is due (the 30% deposit, the rest, or the whole price) and
 * settles it from the balance when the client allows that much of it. The amount the client sends is only
 * how much balance it may use.
 */
export async function payOrder(ctx: AppContext, user: UserRow, orderId: string, body: PayOrderBody) {
  return applyOrderTransition(
    ctx,
    { actor: 'client', userId: user.id, actorId: user.id },
    orderId,
    'pay',
    ({ state, row, priced }) => {
      const { coupon, price } = priced;
      // A stored code that stopped being valid (its last use taken meanwhile) must not silently raise the price.
      if (coupon && !coupon.valid && state.paidCents === 0) throw couponRefusal(coupon, 'NOT_ALLOWED');
      if (body.expected_price !== undefined && price.priceCents !== dollarsToCents(body.expected_price)) {
        throw new AppError(
          'NOT_ALLOWED',
          'The price of your task has changed. Please check it and pay again.',
          {
            errorType: 'price_changed',
            errorValue: { price: price.priceCents === null ? null : price.priceCents / 100 },
          },
        );
      }
      const partial = body.partial ?? row.additional.includes('partial_payment');
      const due = amountDueCents(state, partial);
      // Nothing due, or no price: the machine's guard answers with the reason.
      if (due !== null && due > 0 && body.account_balance_use < due) {
        throw new AppError('PAYMENT_REQUIRED', 'Card payments are not available yet: pay from your balance', {
          errorType: 'card_payment_unavailable',
          errorValue: { amount_due: due / 100 },
        });
      }
      return { amountCents: due ?? 0, partial, source: 'balance' };
    },
  );
}
