import type { PaymentContext } from '@geekly/domain/payments/pay-schemas.ts';
import type { CheckoutRequest } from '../../adapters/payments/payment-gateway.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountBalanceCents } from '../ledger/index.ts';
import { insertPayment, setPaymentGatewayRef } from './payments.repository.ts';
import { type ReturnCase, returnUrls } from './return-urls.ts';

type CardPaymentRequest = {
  purpose: 'order' | 'tip' | 'top_up' | 'subscription';
  orderId?: string;
  subscriptionId?: string;
  context?: PaymentContext;
  /** The 30% deposit of an unpaid task (kept in the payment's `partial` column). */
  deposit?: boolean;
  /** What the card pays. */
  amountCents: number;
  /** The balance share spent with it when the webhook confirms the card. */
  balanceUseCents: number;
  expectedPriceCents?: number | null;
  details: string;
  returnCase: ReturnCase;
  /** A subscription's first payment: the plan, for gateways that bill it themselves (decision 017). */
  plan?: CheckoutRequest['plan'];
};

const insufficientBalance = (balanceCents: number) =>
  new AppError('INSUFFICIENT_BALANCE', 'Not enough money on your balance', {
    errorType: 'insufficient_balance',
    errorValue: { available_balance: balanceCents / 100 },
  });

/**
 * Records a pending card payment and asks the gateway for its form (decision 010). Nothing is charged here:
 * money moves when the gateway's webhook confirms the card.
 */
export async function startCardPayment(ctx: AppContext, user: UserRow, r: CardPaymentRequest) {
  const db = ctx.database.db;
  if (r.balanceUseCents > 0) {
    const balance = await accountBalanceCents(db, 'user', user.id);
    if (balance < r.balanceUseCents) throw insufficientBalance(balance);
  }
  const urls = returnUrls(ctx.config.PUBLIC_URL, r.returnCase);
  const expiresAt = new Date(ctx.now().getTime() + ctx.config.PAYMENT_SESSION_MINUTES * 60_000);
  const payment = await insertPayment(db, {
    userId: user.id,
    orderId: r.orderId ?? null,
    subscriptionId: r.subscriptionId ?? null,
    purpose: r.purpose,
    context: r.context ?? null,
    partial: r.deposit ?? false,
    amountCents: r.amountCents,
    balanceUseCents: r.balanceUseCents,
    expectedPriceCents: r.expectedPriceCents ?? null,
    gateway: ctx.gateway.name,
    returnUrls: urls,
    expiresAt,
  });
  let started: Awaited<ReturnType<typeof ctx.gateway.startCheckout>>;
  try {
    started = await ctx.gateway.startCheckout({
      paymentId: payment.id,
      amountCents: r.amountCents,
      currency: ctx.config.PAYMENT_CURRENCY,
      company: ctx.config.PAYMENT_COMPANY,
      details: r.details,
      clientId: user.id,
      returnUrls: urls,
      useBalance: r.context === 'add_ons',
      expiresAt,
      plan: r.plan,
    });
  } catch {
    // The pending row expires unused; the client can try again.
    throw new AppError(
      'GATEWAY_UNAVAILABLE',
      'Card payments are unavailable right now. Please try again later.',
      {
        errorType: 'gateway_unavailable',
      },
    );
  }
  if (started.gatewayRef) await setPaymentGatewayRef(db, payment.id, started.gatewayRef);
  return { status: 'redirect' as const, payment_id: payment.id, gateway: started.form };
}
