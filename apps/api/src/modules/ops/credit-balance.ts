import { centsToDollars } from '@geekly/domain/money.ts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { accountBalanceCents, postLedgerTransaction } from '../ledger/ledger.repository.ts';
import { isUuid } from '../orders/orders.repository.ts';
import { findUserById } from '../users/users.repository.ts';

/**
 * A goodwill credit from the platform to a client's balance (support's tool; the demo and tests use it to give
 * a client money to pay with). The caller's idempotency key makes a retried request credit once.
 */
export async function creditBalance(
  ctx: AppContext,
  staffId: string,
  userId: string,
  input: { amountCents: number; memo: string; idempotencyKey: string },
) {
  return ctx.database.db.transaction(async (tx) => {
    const user = isUuid(userId) ? await findUserById(tx, userId) : undefined;
    if (user?.role !== 'client') throw notFound('User not found');
    const posted = await postLedgerTransaction(tx, {
      idempotencyKey: `staff-credit:${input.idempotencyKey}`,
      kind: 'staff_credit',
      userId: user.id,
      memo: `${input.memo} (by staff ${staffId})`,
      entries: [
        { account: { type: 'revenue' }, amountCents: -input.amountCents },
        { account: { type: 'user', id: user.id }, amountCents: input.amountCents },
      ],
    });
    return {
      credited: posted,
      available_balance: centsToDollars(await accountBalanceCents(tx, 'user', user.id)),
    };
  });
}
