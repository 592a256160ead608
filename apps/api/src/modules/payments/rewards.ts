import { cashbackCents } from '@geekly/domain/payments/rewards.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { coupons, ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
import { postLedgerTransaction } from '../ledger/index.ts';

type PaidOrder = { id: string; userId: string; number: number; discount: string | null };

const cashbackKey = (orderId: string) => `cashback:${orderId}`;

/**
 * After a task payment (decision 012): a task fully paid with a cashback code gives the cashback to the client's
 * balance once. (The referral bonus waits for the task's delivery: settleReferralBonus, decision 029.)
 */
export async function grantRewards(
  tx: Db,
  order: PaidOrder,
  priceCents: number | null,
  paidAfterCents: number,
) {
  if (order.discount && priceCents !== null && paidAfterCents >= priceCents) {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, order.discount));
    const amount = cashbackCents(priceCents, coupon?.cashbackPercent ?? 0);
    if (amount > 0)
      await postLedgerTransaction(tx, {
        idempotencyKey: cashbackKey(order.id),
        kind: 'cashback',
        userId: order.userId,
        orderId: order.id,
        memo: `Cashback (${order.discount}) for task #${order.number}`,
        entries: [
          { account: { type: 'revenue' }, amountCents: -amount },
          { account: { type: 'user', id: order.userId }, amountCents: amount },
        ],
      });
  }
}

/** The cashback a task already gave its client (kept back from a refund). */
export async function cashbackGivenCents(tx: Db, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(eq(ledgerTransactions.idempotencyKey, cashbackKey(orderId)), eq(ledgerEntries.accountType, 'user')),
    );
  return Number(row?.total ?? 0);
}

/** The cashback already kept back from earlier (partial) refunds of a task. */
export async function cashbackKeptBackCents(tx: Db, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerTransactions.orderId, orderId),
        eq(ledgerTransactions.kind, 'refund_cashback_kept'),
        eq(ledgerEntries.accountType, 'revenue'),
      ),
    );
  return Number(row?.total ?? 0);
}
