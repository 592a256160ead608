import Stripe from 'stripe';
import {
  type CheckoutRequest,
  type GatewayEvent,
  type PaymentGateway,
  WebhookSignatureError,
} from '../payment-gateway.ts';

/** Seconds a Stripe webhook signature stays valid (the SDK's default). */
const TOLERANCE_SECONDS = 300;

type CheckoutSession = {
  id: string;
  mode?: string;
  metadata?: Record<string, string> | null;
  client_reference_id?: string | null;
  amount_total?: number | null;
  payment_status?: string;
  payment_intent?: string | { id: string } | null;
};

const paymentIdOf = (s: CheckoutSession) => s.metadata?.payment_id ?? s.client_reference_id ?? '';
const intentOf = (s: CheckoutSession) =>
  typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);

type Metadata = Record<string, string> | null | undefined;
type InvoiceObject = {
  id: string;
  amount_paid?: number;
  /** API versions from 2025-03-31 on. */
  parent?: {
    subscription_details?: { subscription?: string | { id: string }; metadata?: Metadata } | null;
  } | null;
  /** Earlier API versions. */
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata?: Metadata } | null;
  lines?: { data?: { period?: { end?: number } }[] };
};
type SubscriptionObject = { id: string; metadata?: Metadata };

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

/** The Stripe subscription an invoice bills, with the metadata ours was created with. */
function invoiceSubscription(invoice: InvoiceObject) {
  const details = invoice.parent?.subscription_details;
  const ref = idOf(details?.subscription) ?? idOf(invoice.subscription);
  const metadata = details?.metadata ?? invoice.subscription_details?.metadata ?? {};
  return { ref, subscriptionId: metadata?.subscription_id, paymentId: metadata?.payment_id ?? null };
}

/** The end of the service period an invoice paid for: the latest end among its lines. */
const periodEndOf = (invoice: InvoiceObject) =>
  new Date(Math.max(0, ...(invoice.lines?.data ?? []).map((l) => l.period?.end ?? 0)) * 1000);

/** Stripe Billing's subscription events (decision 017); those of other subscriptions are 'ignored'. */
function billingEvent(event: { id: string; type: string; data: { object: unknown } }): GatewayEvent {
  const ignored = { id: event.id, kind: 'ignored', type: event.type } as const;
  if (event.type === 'customer.subscription.deleted') {
    const sub = event.data.object as SubscriptionObject;
    const subscriptionId = sub.metadata?.subscription_id;
    if (!subscriptionId) return ignored;
    return { id: event.id, kind: 'subscription_ended', subscriptionRef: sub.id, subscriptionId };
  }
  const invoice = event.data.object as InvoiceObject;
  const { ref, subscriptionId, paymentId } = invoiceSubscription(invoice);
  if (!ref || !subscriptionId) return ignored;
  if (event.type === 'invoice.payment_failed')
    return {
      id: event.id,
      kind: 'invoice_failed',
      invoiceId: invoice.id,
      subscriptionRef: ref,
      subscriptionId,
    };
  return {
    id: event.id,
    kind: 'invoice_paid',
    invoiceId: invoice.id,
    subscriptionRef: ref,
    subscriptionId,
    paymentId,
    amountCents: invoice.amount_paid ?? 0,
    periodEnd: periodEndOf(invoice),
  };
}

/** Maps a verified Stripe event to ours; events we do not act on are 'ignored'. */
function stripeEventToGatewayEvent(event: {
  id: string;
  type: string;
  data: { object: unknown };
}): GatewayEvent {
  const session = event.data.object as CheckoutSession;
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'customer.subscription.deleted':
      return billingEvent(event);
    case 'checkout.session.completed':
      // A delayed method (bank debit) completes the session unpaid; its async_payment_* event settles it.
      if (session.payment_status !== 'paid') return { id: event.id, kind: 'ignored', type: event.type };
      // A subscription's money is settled by its invoice's `invoice.paid`, once per invoice.
      if (session.mode === 'subscription') return { id: event.id, kind: 'ignored', type: event.type };
      return {
        id: event.id,
        kind: 'succeeded',
        paymentId: paymentIdOf(session),
        amountCents: session.amount_total ?? 0,
        gatewayRef: intentOf(session),
      };
    case 'checkout.session.async_payment_succeeded':
      if (session.mode === 'subscription') return { id: event.id, kind: 'ignored', type: event.type };
      return {
        id: event.id,
        kind: 'succeeded',
        paymentId: paymentIdOf(session),
        amountCents: session.amount_total ?? 0,
        gatewayRef: intentOf(session),
      };
    case 'checkout.session.async_payment_failed':
      return { id: event.id, kind: 'failed', paymentId: paymentIdOf(session), reason: 'card_declined' };
    case 'checkout.session.expired':
      return { id: event.id, kind: 'expired', paymentId: paymentIdOf(session) };
    default:
      return { id: event.id, kind: 'ignored', type: event.type };
  }
}

/**
 * Stripe Checkout Sessions (docs/product/payments-and-ledger.md). The browser's form goes to our own
 * `/api/v3/payments/{id}/checkout`, which sends it on to the session's hosted page.
 */
export function createStripeGateway(opts: {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
  /** For tests: the SDK pointed somewhere else. */
  client?: Stripe;
}): PaymentGateway {
  const stripe = opts.client ?? new Stripe(opts.secretKey);
  const origin = new URL(opts.publicUrl).origin;
  const prices = new Map<string, string>();

  /** The plan's recurring Price, found by its lookup key or created once (the key carries the amount). */
  async function planPrice(plan: NonNullable<CheckoutRequest['plan']>, currency: string) {
    const lookupKey = `geekly_${plan.tag.replace(/\W+/g, '_')}_${plan.priceCents}_${currency}_${plan.interval}`;
    const known = prices.get(lookupKey);
    if (known) return known;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price =
      found.data[0] ??
      (await stripe.prices.create(
        {
          currency,
          unit_amount: plan.priceCents,
          recurring: { interval: plan.interval },
          lookup_key: lookupKey,
          product_data: { name: `Geekly ${plan.name}` },
        },
        { idempotencyKey: `price:${lookupKey}` },
      ));
    prices.set(lookupKey, price.id);
    return price.id;
  }

  // Stripe accepts 30 minutes to 24 hours.
  const sessionExpiry = (expiresAt: Date) =>
    Math.max(Math.floor(expiresAt.getTime() / 1000), Math.floor(Date.now() / 1000) + 1800);

  return {
    name: 'stripe',
    formOrigins: [origin, 'https://checkout.stripe.com'],
    async startCheckout(r) {
      const form = {
        url: `${origin}/api/v3/payments/${r.paymentId}/checkout`,
        method: 'POST' as const,
        fields: {},
      };
      if (r.plan) {
        const metadata = {
          payment_id: r.paymentId,
          client_id: r.clientId,
          subscription_id: r.plan.subscriptionId,
        };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            client_reference_id: r.paymentId,
            metadata,
            // Copied to every invoice (`parent.subscription_details.metadata`) and to the subscription's events.
            subscription_data: { metadata },
            line_items: [{ price: await planPrice(r.plan, r.currency.toLowerCase()), quantity: 1 }],
            success_url: r.returnUrls.success,
            cancel_url: r.returnUrls.cancel,
            expires_at: sessionExpiry(r.expiresAt),
          },
          { idempotencyKey: `checkout:${r.paymentId}` },
        );
        return { form, gatewayRef: session.id };
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: r.paymentId,
          metadata: { payment_id: r.paymentId, client_id: r.clientId },
          payment_intent_data: { metadata: { payment_id: r.paymentId } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: r.currency.toLowerCase(),
                unit_amount: r.amountCents,
                product_data: { name: r.details },
              },
            },
          ],
          success_url: r.returnUrls.success,
          cancel_url: r.returnUrls.cancel,
          expires_at: sessionExpiry(r.expiresAt),
        },
        { idempotencyKey: `checkout:${r.paymentId}` },
      );
      return { form, gatewayRef: session.id };
    },
    billing: {
      async cancel(subscriptionRef, { atPeriodEnd }) {
        if (atPeriodEnd) await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
        else await stripe.subscriptions.cancel(subscriptionRef);
      },
    },
    async hostedPageUrl(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (!session.url) throw new Error('The Stripe session has no page (it is complete or expired)');
      return session.url;
    },
    verifyWebhook(rawBody, headers, now) {
      const header = headers['stripe-signature'];
      if (!header) throw new WebhookSignatureError('Webhook signature missing');
      try {
        const event = stripe.webhooks.constructEvent(
          rawBody,
          header,
          opts.webhookSecret,
          TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
        return stripeEventToGatewayEvent(
          event as unknown as { id: string; type: string; data: { object: unknown } },
        );
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Webhook signature invalid');
      }
    },
    async refund(r) {
      if (!r.gatewayRef) throw new Error('Stripe refund: the payment has no payment intent');
      const refund = await stripe.refunds.create(
        { payment_intent: r.gatewayRef, amount: r.amountCents },
        { idempotencyKey: r.idempotencyKey },
      );
      return { refundId: refund.id };
    },
  };
}
