import Stripe from 'stripe';
import { type GatewayEvent, type PaymentGateway, WebhookSignatureError } from '../payment-gateway.ts';

/** Seconds a Stripe webhook signature stays valid (the SDK's default). */
const TOLERANCE_SECONDS = 300;

type CheckoutSession = {
  id: string;
  metadata?: Record<string, string> | null;
  client_reference_id?: string | null;
  amount_total?: number | null;
  payment_status?: string;
  payment_intent?: string | { id: string } | null;
};

const paymentIdOf = (s: CheckoutSession) => s.metadata?.payment_id ?? s.client_reference_id ?? '';
const intentOf = (s: CheckoutSession) =>
  typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);

/** Maps a verified Stripe event to ours; events we do not act on are 'ignored'. */
export function stripeEventToGatewayEvent(event: {
  id: string;
  type: string;
  data: { object: unknown };
}): GatewayEvent {
  const session = event.data.object as CheckoutSession;
  switch (event.type) {
    case 'checkout.session.completed':
      // A delayed method (bank debit) completes the session unpaid; its async_payment_* event settles it.
      if (session.payment_status !== 'paid') return { id: event.id, kind: 'ignored', type: event.type };
      return {
        id: event.id,
        kind: 'succeeded',
        paymentId: paymentIdOf(session),
        amountCents: session.amount_total ?? 0,
        gatewayRef: intentOf(session),
      };
    case 'checkout.session.async_payment_succeeded':
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
 * Stripe Checkout Sessions (DESIGN.md "Payments"). The browser's form goes to our own
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
  return {
    name: 'stripe',
    formOrigins: [origin, 'https://checkout.stripe.com'],
    async startCheckout(r) {
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
          // Stripe accepts 30 minutes to 24 hours.
          expires_at: Math.max(
            Math.floor(r.expiresAt.getTime() / 1000),
            Math.floor(Date.now() / 1000) + 1800,
          ),
        },
        { idempotencyKey: `checkout:${r.paymentId}` },
      );
      return {
        form: { url: `${origin}/api/v3/payments/${r.paymentId}/checkout`, method: 'POST', fields: {} },
        gatewayRef: session.id,
      };
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
