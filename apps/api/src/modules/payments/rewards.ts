import { cashbackCents, REFERRAL_BONUS_CENTS } from '@geekly/domain/payments/rewards.ts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { coupons, ledgerEntries, ledgerTransactions, users } from '../../db/schema.ts';
import { postLedgerTransaction } from '../ledger/ledger.repository.ts';
import { isReferralAbuser } from '../referral/referral-abuse.ts';

type PaidOrder = { id: string; userId: string; number: number; discount: string | null };

const cashbackKey = (orderId: string) => `cashback:${orderId}`;

/**
 * The referrer's bonus for a referred client (decisions 012, 017, 018): once per client, from revenue, when the
 * client has both paid a task and confirmed their phone by SMS — whichever comes second grants it — and is not a
 * referral abuser.
 */
export async function grantReferralBonus(tx: Db, clientId: string, memo: string) {
  const [client] = await tx
    .select({
      id: users.id,
      email: users.email,
      notificationEmail: users.notificationEmail,
      referredBy: users.referredBy,
      phoneVerifiedAt: users.phoneVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, clientId));
  if (!client?.referredBy || !client.phoneVerifiedAt) return;
  // Decision 017: a referral abuser's payments earn nobody a bonus.
  if (await isReferralAbuser(tx, client)) return;
  const [referrer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, client.referredBy), ne(users.id, clientId), eq(users.role, 'client')));
  if (!referrer) return;
  await postLedgerTransaction(tx, {
    idempotencyKey: `referral-bonus:${clientId}`,
    kind: 'referral_bonus',
    userId: referrer.id,
    memo,
    entries: [
      { account: { type: 'revenue' }, amountCents: -REFERRAL_BONUS_CENTS },
      { account: { type: 'user', id: referrer.id }, amountCents: REFERRAL_BONUS_CENTS },
    ],
  });
}

export const referralBonusMemo = (taskNumber: number) =>
  `Referral bonus: a student you invited paid task #${taskNumber}`;

/**
 * After a task payment (decision 012): the client's referrer gets the referral bonus once (see
 * grantReferralBonus); a task fully paid with a cashback code gives the cashback to the client's balance once.
 */
export async function grantRewards(
  tx: Db,
  order: PaidOrder,
  priceCents: number | null,
  paidAfterCents: number,
) {
  await grantReferralBonus(tx, order.userId, referralBonusMemo(order.number));
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
