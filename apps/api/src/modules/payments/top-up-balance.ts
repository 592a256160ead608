import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { startCardPayment } from './start-card-payment.ts';

/** POST /balance/top-up (docs/product/payments-and-ledger.md): a card payment whose money stays on the balance. */
export function topUpBalance(ctx: AppContext, user: UserRow, amountCents: number) {
  return startCardPayment(ctx, user, {
    purpose: 'top_up',
    amountCents,
    balanceUseCents: 0,
    // docs/product/payments-and-ledger.md: the details text of a top-up.
    details: `Topup balance (topup_${user.id})`,
    returnCase: { purpose: 'top_up' },
  });
}
