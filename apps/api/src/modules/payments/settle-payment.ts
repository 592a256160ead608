import type { GatewayEvent } from '../../adapters/payments/payment-gateway.ts';
import type { AppContext } from '../../app-context.ts';
import { paymentEvents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { paymentsSettled } from '../../lib/metrics.ts';
import { isUuid } from '../../lib/uuid.ts';
import { postLedgerTransaction } from '../ledger/index.ts';
import { receiptsAfterCommit } from '../notifications/receipts.ts';
import { lockPayment, type PaymentRow, updatePayment } from './payments.repository.ts';

/**
 * Applies one verified gateway event (decision 010): recorded by its id first, so a replay changes nothing;
 * the payment is locked, and only a pending one moves. A successful card payment credits the balance, then
 * pays what it was for; if that is refused meanwhile, the money stays on the balance and the reason is kept.
 */
export async function settlePaymentEvent(ctx: AppContext, gateway: string, event: GatewayEvent) {
  const settled = await settleInTransaction(ctx, gateway, event);
  if (settled.counted) paymentsSettled.inc(settled.counted);
  // After the commit: the receipt (decision 024). A replay settled nothing, so it mails nothing either.
  if (settled.paidBy) await receiptsAfterCommit(ctx, settled.paidBy);
  return { applied: settled.applied };
}

async function settleInTransaction(
  ctx: AppContext,
  gateway: string,
  event: GatewayEvent,
): Promise<{ applied: boolean; paidBy?: string; counted?: { purpose: string; outcome: string } }> {
  // What the payment was for is settled by the module it belongs to (settlement-ports.ts).
  const settle = ctx.ports.settlement;
  return ctx.database.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        id: `${gateway}:${event.id}`,
        gateway,
        type: event.kind === 'ignored' ? event.type : event.kind,
        paymentId:
          'paymentId' in event && event.paymentId && isUuid(event.paymentId) ? event.paymentId : null,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0 || event.kind === 'ignored') return { applied: false };
    const now = ctx.now();
    const gatewayName = gateway as PaymentRow['gateway'];
    if (event.kind === 'invoice_failed' || event.kind === 'subscription_ended')
      return { applied: await settle.applyBillingEvent(tx, gatewayName, event, now) };
    // A gateway-billed subscription's invoice settles its own payment row, then goes the way of any card money.
    const p =
      event.kind === 'invoice_paid'
        ? await settle.invoicePayment(ctx, tx, gatewayName, event)
        : await lockPayment(tx, event.paymentId);
    if (!p || p.gateway !== gateway || p.status !== 'pending') return { applied: false };

    if (event.kind === 'failed' || event.kind === 'expired') {
      await updatePayment(tx, p.id, {
        status: event.kind,
        failureReason: event.kind === 'failed' ? event.reason : null,
        settledAt: now,
      });
      if (p.purpose === 'subscription') await settle.subscriptionPaymentFailed(tx, p, event.kind, now);
      return { applied: true, counted: { purpose: p.purpose, outcome: event.kind } };
    }

    const paid =
      event.kind === 'invoice_paid'
        ? {
            gatewayRef: event.invoiceId,
            cardFingerprint: null,
            billing: { periodEnd: event.periodEnd, subscriptionRef: event.subscriptionRef },
          }
        : {
            gatewayRef: event.gatewayRef,
            cardFingerprint: event.cardFingerprint ?? null,
            billing: undefined,
          };
    // Kept before the money moves: the referral bonus granted with it looks at the cards that paid (decision 017).
    if (paid.cardFingerprint) await updatePayment(tx, p.id, { cardFingerprint: paid.cardFingerprint });
    await postLedgerTransaction(tx, {
      idempotencyKey: `payment:${p.id}:card`,
      kind:
        p.purpose === 'top_up'
          ? 'card_top_up'
          : p.purpose === 'subscription'
            ? 'card_subscription'
            : 'card_payment',
      userId: p.userId,
      orderId: p.orderId ?? undefined,
      memo: p.purpose === 'top_up' ? 'Top-up by card' : `Card payment ${p.id}`,
      entries: [
        { account: { type: 'gateway' }, amountCents: -event.amountCents },
        { account: { type: 'user', id: p.userId }, amountCents: event.amountCents },
      ],
    });
    let outcome = 'applied';
    let note: string | null = null;
    if (event.amountCents !== p.amountCents) {
      outcome = 'kept_on_balance';
      note = `The card paid ${event.amountCents} cents instead of ${p.amountCents}`;
    } else if (p.purpose !== 'top_up') {
      try {
        if (p.purpose === 'subscription')
          await settle.applySubscriptionPayment(
            tx,
            { ...p, gatewayRef: paid.gatewayRef ?? p.gatewayRef },
            now,
            paid.billing,
          );
        else await settle.applyToOrder(ctx, tx, p);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcome = 'kept_on_balance';
        note = err.detail;
      }
    }
    await updatePayment(tx, p.id, {
      status: 'succeeded',
      gatewayRef: paid.gatewayRef ?? p.gatewayRef,
      outcome,
      outcomeNote: note,
      settledAt: now,
    });
    return { applied: true, paidBy: p.userId, counted: { purpose: p.purpose, outcome: 'succeeded' } };
  });
}
