import { cashbackCents, REFERRAL_BONUS_CENTS } from '@geekly/domain/payments/rewards.ts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { coupons, ledgerEntries, ledgerTransactions, users } from '../../db/schema.ts';
import { postLedgerTransaction } from '../ledger/ledger.repository.ts';
import { isReferralAbuser } from '../referral/referral-abuse.ts';

type PaidOrder = { id: string; userId: string; number: number; discount: string | null };

const cashbackKey = (orderId: string) => `cashback:${orderId}`;

/**
 * After a task payment (decision 012): the client's referrer gets the referral bonus once, at the client's first
 * payment; a task fully paid with a cashback code gives the cashback to the client's balance once.
 */
export async function grantRewards(
  tx: Db,
  order: PaidOrder,
  priceCents: number | null,
  paidAfterCents: number,
) {
  const [client] = await tx
    .select({
      id: users.id,
      email: users.email,
      notificationEmail: users.notificationEmail,
      referredBy: users.referredBy,
    })
    .from(users)
    .where(eq(users.id, order.userId));
  // Decision 017: a referral abuser's payments earn nobody a bonus.
  if (client?.referredBy && !(await isReferralAbuser(tx, client))) {
    const [referrer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.referralCode, client.referredBy), ne(users.id, order.userId), eq(users.role, 'client')),
      );
    if (referrer)
      await postLedgerTransaction(tx, {
        idempotencyKey: `referral-bonus:${order.userId}`,
        kind: 'referral_bonus',
        userId: referrer.id,
        memo: `Referral bonus: a student you invited paid task #${order.number}`,
        entries: [
          { account: { type: 'revenue' }, amountCents: -REFERRAL_BONUS_CENTS },
          { account: { type: 'user', id: referrer.id }, amountCents: REFERRAL_BONUS_CENTS },
        ],
      });
  }
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
