import { randomUUID } from 'node:crypto';
import { centsToDollars, formatDollars } from '@geekly/domain/money.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { accountBalanceCents } from '../ledger/index.ts';
import { refundOrder } from '../orders/apply-order-transition.ts';
import { lockOrder } from '../orders/index.ts';
import { processCardRefunds } from '../payments/card-refunds.ts';
import { auditingRefusals, checkStaffMoney } from './staff-money-limit.ts';

type PartialRefundInput = {
  amountCents: number;
  to: 'balance' | 'card';
  memo: string;
};

/**
 * POST /ops/orders/:id/refunds (decision 021): gives back part of what the client paid for a task, never more
 * than is paid and not yet refunded. The task row is locked first, so two refunds at once are checked one after
 * the other against the task account's balance. The audit row is written in the same transaction. A support
 * account is held to decision 029's limits in that transaction; a refusal is audited.
 */
export async function refundPart(
  ctx: AppContext,
  staff: UserRow,
  orderId: string,
  input: PartialRefundInput,
) {
  const key = `ops-refund:${randomUUID()}`;
  const result = await auditingRefusals(ctx, staff, () =>
    ctx.database.db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId, null);
      if (!row) throw notFound('Order not found');
      const refundable = await accountBalanceCents(tx, 'order', row.id);
      if (input.amountCents > refundable)
        throw new AppError('VALIDATION', `At most ${formatDollars(refundable)} can be refunded`, {
          errorType: 'validation',
          errorValue: { amount: `At most ${formatDollars(refundable)} can be refunded` },
        });
      // Decision 029: a support account's limits, after the task's lock, in this transaction.
      await checkStaffMoney(ctx, tx, staff, {
        action: 'refund',
        amountCents: input.amountCents,
        orderId: row.id,
      });
      const split = await refundOrder(tx, row, input.to, input.amountCents, key);
      const paidAfter = refundable - input.amountCents;
      await writeAudit(tx, staffActor(staff), {
        action: 'refund',
        orderId: row.id,
        before: { paid: centsToDollars(refundable) },
        after: { paid: centsToDollars(paidAfter) },
        details: {
          amount: centsToDollars(input.amountCents),
          to: input.to,
          memo: input.memo,
          to_card: centsToDollars(split.toCardCents),
          to_balance: centsToDollars(split.toBalanceCents),
          cashback_kept: centsToDollars(split.keptBackCents),
        },
        amountCents: input.amountCents,
        at: ctx.now(),
      });
      return { split, paidAfter };
    }),
  );
  if (result.split.toCardCents > 0) await processCardRefunds(ctx, orderId);
  return {
    order_id: orderId,
    amount: centsToDollars(input.amountCents),
    to: input.to,
    memo: input.memo,
    to_card: centsToDollars(result.split.toCardCents),
    to_balance: centsToDollars(result.split.toBalanceCents),
    cashback_kept: centsToDollars(result.split.keptBackCents),
    paid: centsToDollars(result.paidAfter),
  };
}
