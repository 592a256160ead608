import { amountDueCents } from '@geekly/domain/orders/order-machine.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentRow } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { applyOrderTransition } from './apply-order-transition.ts';

/**
 * Pays the task or the tip a settled card payment was for, from the balance the card money just reached
 * (decision 010); called by payments' settlement through its port (payments/settlement-ports.ts).
 */
export async function applyCardPayment(ctx: AppContext, tx: Db, p: PaymentRow) {
  const caller = { actor: 'gateway', userId: p.userId, actorId: null } as const;
  const idempotencyKey = `payment:${p.id}:apply`;
  if (!p.orderId) return;
  if (p.purpose === 'tip') {
    await applyOrderTransition(
      ctx,
      caller,
      p.orderId,
      'tip',
      { amountCents: p.amountCents + p.balanceUseCents, source: 'card' },
      { tx, idempotencyKey },
    );
    return;
  }
  await applyOrderTransition(
    ctx,
    caller,
    p.orderId,
    'pay',
    ({ priced, state }) => {
      // The task must still cost what the client agreed to pay; otherwise the money waits on the balance.
      if (p.expectedPriceCents !== null && priced.price.priceCents !== p.expectedPriceCents)
        throw new AppError('NOT_ALLOWED', 'The price of the task changed before the card payment arrived', {
          errorType: 'price_changed',
        });
      const deposit = p.partial && state.paidCents === 0;
      return { amountCents: amountDueCents(state, deposit) ?? 0, deposit, source: 'card' };
    },
    { tx, idempotencyKey },
  );
}
