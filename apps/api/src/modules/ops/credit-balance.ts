import { centsToDollars } from '@geekly/domain/money.ts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { accountBalanceCents, postLedgerTransaction } from '../ledger/ledger.repository.ts';
import { isUuid } from '../orders/orders.repository.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { staffActor, writeAudit } from './audit.ts';

/**
 * A goodwill credit from the platform to a client's balance (support's tool; the demo and tests use it to give
 * a client money to pay with). The caller's idempotency key makes a retried request credit once.
 */
export async function creditBalance(
  ctx: AppContext,
  staff: UserRow,
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
      memo: `${input.memo} (by staff ${staff.id})`,
      entries: [
        { account: { type: 'revenue' }, amountCents: -input.amountCents },
        { account: { type: 'user', id: user.id }, amountCents: input.amountCents },
      ],
    });
    if (posted)
      await writeAudit(tx, staffActor(staff), {
        action: 'balance_credit',
        subjectId: user.id,
        details: { amount: centsToDollars(input.amountCents), memo: input.memo },
      });
    return {
      credited: posted,
      available_balance: centsToDollars(await accountBalanceCents(tx, 'user', user.id)),
    };
  });
}
