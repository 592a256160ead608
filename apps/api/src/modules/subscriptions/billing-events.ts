import type { GatewayEvent } from '../../adapters/payments/payment-gateway.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentRow } from '../../db/rows.ts';
import { insertPayment, lockPayment, subscriptionPaymentByRef } from '../payments/index.ts';
import { returnUrls } from '../payments/return-urls.ts';
import { lockSubscription, updateSubscription } from './subscriptions.repository.ts';

type InvoicePaid = Extract<GatewayEvent, { kind: 'invoice_paid' }>;
type BillingEvent = Extract<GatewayEvent, { kind: 'invoice_failed' | 'subscription_ended' }>;

/**
 * The payment a gateway-billed subscription's paid invoice settles (decision 017), once per invoice: the pending
 * first payment the subscription was bought with, or a new row for a renewal. None when the invoice was already
 * settled (another event of the same invoice), the subscription is not ours, or nothing was paid.
 */
export async function invoicePayment(
  ctx: AppContext,
  tx: Db,
  gateway: 'stripe' | 'sandbox',
  e: InvoicePaid,
): Promise<PaymentRow | undefined> {
  // Payment before subscription: the order every other settlement locks them in.
  const first = e.paymentId ? await lockPayment(tx, e.paymentId) : undefined;
  const sub = await lockSubscription(tx, e.subscriptionId);
  if (!sub || sub.gateway !== gateway) return undefined;
  if (sub.savedCardRef && sub.savedCardRef !== e.subscriptionRef) return undefined;
  if (await subscriptionPaymentByRef(tx, sub.id, e.invoiceId)) return undefined;
  if (first && first.subscriptionId === sub.id && first.status === 'pending') return first;
  if (e.amountCents <= 0) {
    // A free period (a coupon at the gateway): no money moves, the period still runs.
    await updateSubscription(tx, sub.id, { currentPeriodEnd: e.periodEnd, savedCardRef: e.subscriptionRef });
    return undefined;
  }
  const now = ctx.now();
  return insertPayment(tx, {
    userId: sub.userId,
    subscriptionId: sub.id,
    purpose: 'subscription',
    amountCents: e.amountCents,
    gateway,
    gatewayRef: e.invoiceId,
    returnUrls: returnUrls(ctx.config.PUBLIC_URL, { purpose: 'subscription' }),
    expiresAt: now,
  });
}

/**
 * A gateway-billed subscription's failed invoice or its end (decision 017). A failed renewal shows 'Payment
 * failed' (`past_due`) and loses the premium plus benefit; the gateway retries on its own schedule and reports
 * the end with `subscription_ended`.
 */
export async function applyBillingEvent(tx: Db, gateway: 'stripe' | 'sandbox', e: BillingEvent, now: Date) {
  const sub = await lockSubscription(tx, e.subscriptionId);
  if (!sub || sub.gateway !== gateway) return false;
  if (sub.savedCardRef && sub.savedCardRef !== e.subscriptionRef) return false;
  if (e.kind === 'invoice_failed') {
    if (sub.status !== 'active' && sub.status !== 'past_due') return false;
    await updateSubscription(tx, sub.id, {
      status: 'past_due',
      failedAttempts: sub.failedAttempts + 1,
      savedCardRef: e.subscriptionRef,
    });
    return true;
  }
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return false;
  await updateSubscription(tx, sub.id, {
    status: sub.status === 'pending' || sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled',
    nextChargeAt: null,
    endedAt: now,
  });
  return true;
}
