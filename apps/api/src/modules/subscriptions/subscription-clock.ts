import type { AppContext } from '../../app-context.ts';
import { insertPayment, updatePayment } from '../payments/index.ts';
import { returnUrls } from '../payments/return-urls.ts';
import { subscriptionPaymentFailed } from './subscription-payments.ts';
import {
  cancelledAtPeriodEnd,
  dueForCharge,
  hasPendingPayment,
  lockSubscription,
  type SubscriptionRow,
  updateSubscription,
} from './subscriptions.repository.ts';

/** Starts one renewal charge: a pending payment claimed under the subscription's lock, then the gateway. */
async function chargeRenewal(ctx: AppContext, due: SubscriptionRow) {
  const db = ctx.database.db;
  const charge = ctx.gateway.chargeSavedCard?.bind(ctx.gateway);
  if (!charge) return;
  const now = ctx.now();
  const payment = await db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, due.id);
    // Another process (or an earlier tick) got here first, or it changed meanwhile.
    if (!sub || !['active', 'past_due'].includes(sub.status) || sub.cancelAtPeriodEnd) return null;
    if (!sub.nextChargeAt || sub.nextChargeAt > now || !sub.savedCardRef) return null;
    if (await hasPendingPayment(tx, sub.id)) return null;
    return insertPayment(tx, {
      userId: sub.userId,
      subscriptionId: sub.id,
      purpose: 'subscription',
      amountCents: sub.priceCents,
      gateway: ctx.gateway.name,
      returnUrls: returnUrls(ctx.config.PUBLIC_URL, { purpose: 'subscription' }),
      expiresAt: new Date(now.getTime() + ctx.config.PAYMENT_SESSION_MINUTES * 60_000),
    });
  });
  if (!payment || !due.savedCardRef) return;
  try {
    // After the commit, never under a lock: the outcome comes back through the gateway's webhook.
    await charge({
      paymentId: payment.id,
      savedCardRef: due.savedCardRef,
      amountCents: payment.amountCents,
      details: `${due.name} subscription renewal (subscription_${due.id})`,
    });
  } catch {
    // The gateway could not be asked: the renewal counts as a failed attempt and is retried later.
    await db.transaction(async (tx) => {
      await updatePayment(tx, payment.id, {
        status: 'failed',
        failureReason: 'server_error',
        settledAt: now,
      });
      await subscriptionPaymentFailed(tx, payment, 'failed', now);
    });
  }
}

/**
 * The subscription clock (decision 017), run every minute by the server and by tests on the app's `now`:
 * subscriptions cancelled to their period end end there; due ones are charged through the gateway.
 */
export async function runSubscriptionClock(ctx: AppContext) {
  const db = ctx.database.db;
  const now = ctx.now();
  for (const sub of await cancelledAtPeriodEnd(db, now)) {
    await db.transaction(async (tx) => {
      const locked = await lockSubscription(tx, sub.id);
      if (
        locked?.status === 'active' &&
        locked.cancelAtPeriodEnd &&
        locked.currentPeriodEnd &&
        locked.currentPeriodEnd <= now
      )
        await updateSubscription(tx, sub.id, { status: 'canceled', nextChargeAt: null, endedAt: now });
    });
  }
  for (const sub of await dueForCharge(db, ctx.gateway.name, now)) await chargeRenewal(ctx, sub);
}

/** The clock's timer in the server process; runs are never concurrent within a process. */
export function startSubscriptionClock(ctx: AppContext, everyMs: number, onError: (err: unknown) => void) {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= runSubscriptionClock(ctx)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
