import { centsToDollars } from '@geekly/domain/money.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { accountBalanceCents, ledgerTransactionExists, postLedgerTransaction } from '../ledger/index.ts';
import { findUserById } from '../users/index.ts';
import { lockStaffMoney } from './ops.repository.ts';
import { auditingRefusals, checkStaffMoney } from './staff-money-limit.ts';

/**
 * A goodwill credit from the platform to a client's balance (support's tool; the demo and tests use it to give
 * a client money to pay with). The caller's idempotency key makes a retried request credit once (a replay is
 * not new money, so the limits do not count it). A support account is held to decision 029's limits, checked
 * in this transaction; a refusal is audited.
 */
export async function creditBalance(
  ctx: AppContext,
  staff: UserRow,
  userId: string,
  input: { amountCents: number; memo: string; idempotencyKey: string },
) {
  const idempotencyKey = `staff-credit:${input.idempotencyKey}`;
  return auditingRefusals(ctx, staff, () =>
    ctx.database.db.transaction(async (tx) => {
      const user = isUuid(userId) ? await findUserById(tx, userId) : undefined;
      if (user?.role !== 'client') throw notFound('User not found');
      if (staff.staffRole !== 'admin') await lockStaffMoney(tx, staff.id);
      const replay = await ledgerTransactionExists(tx, idempotencyKey);
      if (!replay)
        await checkStaffMoney(ctx, tx, staff, {
          action: 'balance_credit',
          amountCents: input.amountCents,
          subjectId: user.id,
        });
      const posted =
        !replay &&
        (await postLedgerTransaction(tx, {
          idempotencyKey,
          kind: 'staff_credit',
          userId: user.id,
          memo: `${input.memo} (by staff ${staff.id})`,
          entries: [
            { account: { type: 'revenue' }, amountCents: -input.amountCents },
            { account: { type: 'user', id: user.id }, amountCents: input.amountCents },
          ],
        }));
      if (posted)
        await writeAudit(tx, staffActor(staff), {
          action: 'balance_credit',
          subjectId: user.id,
          details: { amount: centsToDollars(input.amountCents), memo: input.memo },
          amountCents: input.amountCents,
          at: ctx.now(),
        });
      return {
        credited: posted,
        available_balance: centsToDollars(await accountBalanceCents(tx, 'user', user.id)),
      };
    }),
  );
}
