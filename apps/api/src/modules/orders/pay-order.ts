import { dollarsToCents } from '@geekly/domain/money.ts';
import { amountDueCents, runTransition } from '@geekly/domain/orders/order-machine.ts';
import type { payOrderSchema } from '@geekly/domain/payments/pay-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { couponRefusal } from '../coupons/coupon-refusal.ts';
import { startCardPayment } from '../payments/start-card-payment.ts';
import { applyOrderTransition, refusalError } from './apply-order-transition.ts';

/** The pay body as parsed: account_balance_use in integer cents. */
type PayRequest = z.output<typeof payOrderSchema>;

/** Thrown out of the payment transaction (rolling it back) when the balance share does not cover what is due. */
class CardShareNeeded {
  readonly dueCents: number;
  readonly deposit: boolean;
  readonly priceCents: number;
  readonly details: string;
  constructor(dueCents: number, deposit: boolean, priceCents: number, details: string) {
    this.dueCents = dueCents;
    this.deposit = deposit;
    this.priceCents = priceCents;
    this.details = details;
  }
}

/**
 * POST /orders/{id}/pay: the server decides what is due (the 30% deposit, the rest, or the whole price). When the
 * balance share the client allows covers it, the task is paid at once; otherwise a card payment for the rest
 * starts and the gateway's form comes back (decision 010). The amount the client sends is only how much balance
 * it may use.
 */
export async function payOrder(ctx: AppContext, user: UserRow, orderId: string, body: PayRequest) {
  try {
    const row = await applyOrderTransition(
      ctx,
      { actor: 'student', userId: user.id, actorId: user.id },
      orderId,
      'pay',
      ({ state, row, priced, now }) => {
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
        const deposit = body.partial ?? row.additional.includes('partial_payment');
        const due = amountDueCents(state, deposit);
        if (due !== null && due > 0 && body.account_balance_use < due) {
          // The same guard a payment runs, so a card payment starts only for a task that can take it.
          const check = runTransition(
            'pay',
            'student',
            state,
            { amountCents: due, deposit, source: 'card' },
            { now },
          );
          if (!check.ok) throw refusalError(check.refusal);
          throw new CardShareNeeded(due, deposit, price.priceCents ?? 0, `Task #${row.number}: ${row.title}`);
        }
        // Nothing due, or no price: the machine's guard answers with the reason.
        return { amountCents: due ?? 0, deposit, source: 'balance' };
      },
    );
    return { status: 'paid' as const, row };
  } catch (err) {
    if (!(err instanceof CardShareNeeded)) throw err;
    const balanceUse = Math.min(body.account_balance_use, err.dueCents);
    return startCardPayment(ctx, user, {
      purpose: 'order',
      orderId,
      context: body.context ?? 'checkout',
      deposit: err.deposit,
      amountCents: err.dueCents - balanceUse,
      balanceUseCents: balanceUse,
      expectedPriceCents: err.priceCents,
      details: err.details,
      returnCase: { purpose: 'order', orderId, context: body.context ?? 'checkout' },
    });
  }
}
