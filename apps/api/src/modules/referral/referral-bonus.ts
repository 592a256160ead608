import { REFERRAL_BONUS_CENTS } from '@geekly/domain/payments/rewards.ts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { accountBalanceCents, postLedgerTransaction } from '../ledger/index.ts';
import {
  bonusKey,
  bonusOfTask,
  bonusReversalKey,
  bonusTask,
  findReferrer,
  heldBonusCents,
} from './referral.repository.ts';
import { isReferralAbuser } from './referral-abuse.ts';

const referralBonusMemo = (taskNumber: number) =>
  `Referral bonus: a student you invited paid for task #${taskNumber} and received it`;

/**
 * The referrer's bonus for a referred client (decisions 012, 017, 018, 029), from revenue, once the client has
 * confirmed their phone by SMS and has a task that is fully paid and delivered, unless the client is a referral
 * abuser. Called in the transaction of each thing that can complete those conditions — a task payment, a
 * delivery, the phone's code check, a refund of an earlier bonus's task — and decides under an advisory lock per
 * client, so two at once pay once. The referrer holds at most one bonus per client at a time; a bonus that was
 * taken back in full (its task refunded) may be earned again by another task.
 */
export async function settleReferralBonus(tx: Db, clientId: string) {
  const [invited] = await tx.select({ code: users.referredBy }).from(users).where(eq(users.id, clientId));
  if (!invited?.code) return;
  // Locked before anything that can change is read: of two transactions completing the conditions at once (a
  // delivery and the phone's code check), the one that locks second reads what the first committed.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`referral-bonus:${clientId}`}, 0))`);
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
  const referrer = await findReferrer(tx, client.referredBy, client.id);
  if (!referrer) return;
  if ((await heldBonusCents(tx, referrer.id, client.id)) > 0) return;
  const task = await bonusTask(tx, client.id);
  if (!task) return;
  // Decisions 017 and 029: a referral abuser's tasks earn nobody a bonus.
  if (await isReferralAbuser(tx, client)) return;
  await postLedgerTransaction(tx, {
    idempotencyKey: bonusKey(client.id, task.id),
    kind: 'referral_bonus',
    userId: referrer.id,
    memo: referralBonusMemo(task.number),
    entries: [
      { account: { type: 'revenue' }, amountCents: -REFERRAL_BONUS_CENTS },
      { account: { type: 'user', id: referrer.id }, amountCents: REFERRAL_BONUS_CENTS },
    ],
  });
}

/**
 * A refund of a task that earned its client's referrer the bonus takes the bonus back (decision 029): a ledger
 * transaction from the referrer's balance to revenue, in the refund's transaction, once per task. It takes no
 * more than the referrer's balance holds (under its row lock): a balance below zero would stop their own card
 * payments, which pass through the balance (decision 010). Then another delivered task of the client may earn
 * the bonus.
 */
export async function reverseReferralBonus(tx: Db, order: { id: string; userId: string; number: number }) {
  const bonus = await bonusOfTask(tx, order.userId, order.id);
  if (!bonus) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, bonus.referrerId)).for('update');
  const balance = await accountBalanceCents(tx, 'user', bonus.referrerId);
  const takeBack = Math.min(bonus.cents, Math.max(0, balance));
  if (takeBack > 0)
    await postLedgerTransaction(tx, {
      idempotencyKey: bonusReversalKey(order.userId, order.id),
      kind: 'referral_bonus_reversed',
      userId: bonus.referrerId,
      memo: `Referral bonus taken back: task #${order.number} was refunded`,
      entries: [
        { account: { type: 'user', id: bonus.referrerId }, amountCents: -takeBack },
        { account: { type: 'revenue' }, amountCents: takeBack },
      ],
    });
  await settleReferralBonus(tx, order.userId);
}
