import {
  addOneMonth,
  RENEWAL_MAX_ATTEMPTS,
  RENEWAL_RETRY_MS,
} from '@geekly/domain/subscriptions/subscription-plans.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { PaymentRow } from '../../db/rows.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountBalanceCents, postLedgerTransaction } from '../ledger/index.ts';
import { lockSubscription, updateSubscription } from './subscriptions.repository.ts';

/**
 * A subscription's card payment succeeded (decision 017): the card money is on the balance (decision 010), the
 * month is charged from it to revenue, and the subscription runs one more month from its period end (or from
 * now, for the first). Refused (it ended meanwhile) the money stays on the balance, like a task's.
 */
export async function applySubscriptionPayment(
  tx: Db,
  p: PaymentRow,
  now: Date,
  /** A gateway-billed subscription (Stripe): the period its invoice paid for; the gateway renews it. */
  billing?: { periodEnd: Date; subscriptionRef: string },
) {
  if (!p.subscriptionId) return;
  const sub = await lockSubscription(tx, p.subscriptionId);
  if (!sub || !['pending', 'incomplete', 'active', 'past_due'].includes(sub.status))
    throw new AppError('NOT_ALLOWED', 'The subscription ended before its payment arrived');
  await tx.select({ id: users.id }).from(users).where(eq(users.id, p.userId)).for('update');
  const balance = await accountBalanceCents(tx, 'user', p.userId);
  if (balance < p.amountCents) throw new AppError('INSUFFICIENT_BALANCE', 'Not enough money on the balance');
  await postLedgerTransaction(tx, {
    idempotencyKey: `payment:${p.id}:subscription`,
    kind: 'subscription_charge',
    userId: p.userId,
    memo: `${sub.name} subscription`,
    entries: [
      { account: { type: 'user', id: p.userId }, amountCents: -p.amountCents },
      { account: { type: 'revenue' }, amountCents: p.amountCents },
    ],
  });
  if (billing) {
    await updateSubscription(tx, sub.id, {
      status: 'active',
      currentPeriodEnd: billing.periodEnd,
      nextChargeAt: null,
      failedAttempts: 0,
      savedCardRef: billing.subscriptionRef,
    });
    return;
  }
  const first = sub.status === 'pending' || sub.status === 'incomplete' || !sub.currentPeriodEnd;
  const periodEnd = addOneMonth(first || !sub.currentPeriodEnd ? now : sub.currentPeriodEnd);
  await updateSubscription(tx, sub.id, {
    status: 'active',
    currentPeriodEnd: periodEnd,
    nextChargeAt: periodEnd,
    failedAttempts: 0,
    ...(first ? { savedCardRef: p.gatewayRef } : {}),
  });
}

/**
 * A subscription's card payment failed or expired. A first payment leaves the subscription 'incomplete'
 * ('Payment failed', docs/product/account.md) or, expired, set aside; a renewal makes it 'past_due', retried a day later,
 * and after the last attempt it ends.
 */
export async function subscriptionPaymentFailed(
  tx: Db,
  p: PaymentRow,
  kind: 'failed' | 'expired',
  now: Date,
) {
  if (!p.subscriptionId) return;
  const sub = await lockSubscription(tx, p.subscriptionId);
  if (!sub) return;
  if (sub.status === 'pending') {
    await updateSubscription(tx, sub.id, {
      status: kind === 'failed' ? 'incomplete' : 'incomplete_expired',
      ...(kind === 'expired' ? { endedAt: now } : {}),
    });
    return;
  }
  if (sub.status !== 'active' && sub.status !== 'past_due') return;
  const attempts = sub.failedAttempts + 1;
  if (attempts >= RENEWAL_MAX_ATTEMPTS) {
    await updateSubscription(tx, sub.id, {
      status: 'canceled',
      failedAttempts: attempts,
      nextChargeAt: null,
      endedAt: now,
    });
    return;
  }
  await updateSubscription(tx, sub.id, {
    status: 'past_due',
    failedAttempts: attempts,
    nextChargeAt: new Date(now.getTime() + RENEWAL_RETRY_MS),
  });
}
