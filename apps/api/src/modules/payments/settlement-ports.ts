import type { GatewayEvent } from '../../adapters/payments/payment-gateway.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentRow } from '../../db/rows.ts';

type Gateway = PaymentRow['gateway'];

/**
 * What settling a gateway event (settle-payment.ts) hands to the modules a payment was for (decision 068): the
 * task or tip (orders) and the plan (subscriptions) sit above payments and start payments themselves, so payments
 * calls them through this port, wired once per app (module-wiring.ts). Each runs in the settlement's transaction.
 */
export type PaymentSettlementPorts = {
  /** orders: pays the task or the tip the card payment was for, from the balance the card money just reached. */
  applyToOrder: (ctx: AppContext, tx: Db, payment: PaymentRow) => Promise<void>;
  /** subscriptions: the payment row a gateway-billed subscription's paid invoice settles. */
  invoicePayment: (
    ctx: AppContext,
    tx: Db,
    gateway: Gateway,
    event: Extract<GatewayEvent, { kind: 'invoice_paid' }>,
  ) => Promise<PaymentRow | undefined>;
  /** subscriptions: a gateway-billed subscription's failed invoice or end; true when it changed something. */
  applyBillingEvent: (
    tx: Db,
    gateway: Gateway,
    event: Extract<GatewayEvent, { kind: 'invoice_failed' | 'subscription_ended' }>,
    now: Date,
  ) => Promise<boolean>;
  /** subscriptions: a paid subscription payment starts or extends the plan. */
  applySubscriptionPayment: (
    tx: Db,
    payment: PaymentRow,
    now: Date,
    billing?: { periodEnd: Date; subscriptionRef: string },
  ) => Promise<unknown>;
  /** subscriptions: a subscription payment that failed or expired. */
  subscriptionPaymentFailed: (
    tx: Db,
    payment: PaymentRow,
    kind: 'failed' | 'expired',
    now: Date,
  ) => Promise<unknown>;
};
