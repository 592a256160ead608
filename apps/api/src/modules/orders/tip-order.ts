import { runTransition } from '@geekly/domain/orders/order-machine.ts';
import type { tipOrderSchema } from '@geekly/domain/payments/pay-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { startCardPayment } from '../payments/start-card-payment.ts';
import { applyOrderTransition, refusalError } from './apply-order-transition.ts';

class CardShareNeeded {
  readonly number: number;
  constructor(number: number) {
    this.number = number;
  }
}

/** POST /orders/{id}/tips: a tip for the task's Geek, from the balance when it covers it, else by card. */
export async function tipOrder(
  ctx: AppContext,
  user: UserRow,
  orderId: string,
  body: z.output<typeof tipOrderSchema>,
) {
  const amountCents = body.amount;
  try {
    const row = await applyOrderTransition(
      ctx,
      { actor: 'student', userId: user.id, actorId: user.id },
      orderId,
      'tip',
      ({ state, row, now }) => {
        if (body.account_balance_use >= amountCents) return { amountCents, source: 'balance' };
        const check = runTransition('tip', 'student', state, { amountCents, source: 'card' }, { now });
        if (!check.ok) throw refusalError(check.refusal);
        throw new CardShareNeeded(row.number);
      },
    );
    return { status: 'paid' as const, row };
  } catch (err) {
    if (!(err instanceof CardShareNeeded)) throw err;
    const balanceUse = Math.min(body.account_balance_use, amountCents);
    return startCardPayment(ctx, user, {
      purpose: 'tip',
      orderId,
      amountCents: amountCents - balanceUse,
      balanceUseCents: balanceUse,
      details: `Tip for task #${err.number}`,
      returnCase: { purpose: 'tip', orderId, amountCents },
    });
  }
}
