import type { IncomingHttpHeaders } from 'node:http';
import type { ReturnUrls } from '../../db/schema.ts';

/** What the API asks a gateway to collect (docs/product/payments-and-ledger.md "Payment-gateway form fields"). */
export type CheckoutRequest = {
  paymentId: string;
  amountCents: number;
  currency: string;
  company: string;
  /** e.g. 'Topup balance (topup_{userId})' (docs/product/payments-and-ledger.md). */
  details: string;
  clientId: string;
  /** Absolute return addresses. */
  returnUrls: ReturnUrls;
  /** docs/product/payments-and-ledger.md: 'true' only for add-on payments. */
  useBalance: boolean;
  expiresAt: Date;
  /**
   * A subscription's first payment (decision 017). Gateways that bill subscriptions themselves (`billing`)
   * start the recurring plan; the others charge the amount once and renew through `chargeSavedCard`.
   */
  plan?: { subscriptionId: string; tag: string; name: string; priceCents: number; interval: 'month' };
};

/** A form the browser posts to reach the gateway's card page (docs/product/http-api.md `POST /orders/{id}/pay`). */
export type GatewayForm = { url: string; method: 'POST'; fields: Record<string, string> };

type FailureReason = 'card_declined' | 'server_error';

/** A verified gateway event, in the gateway's own event id. */
export type GatewayEvent =
  | {
      id: string;
      kind: 'succeeded';
      paymentId: string;
      amountCents: number;
      gatewayRef: string | null;
      /** The gateway's fingerprint of the card, when it tells one. */
      cardFingerprint?: string | null;
    }
  | { id: string; kind: 'failed'; paymentId: string; reason: FailureReason }
  | { id: string; kind: 'expired'; paymentId: string }
  | { id: string; kind: 'ignored'; type: string }
  /** A gateway-billed subscription's invoice was paid: its first month or a renewal (decision 017). */
  | {
      id: string;
      kind: 'invoice_paid';
      invoiceId: string;
      /** The gateway's subscription (Stripe `sub_…`). */
      subscriptionRef: string;
      /** Ours, from the metadata the subscription was created with. */
      subscriptionId: string;
      /** Our first payment, from the same metadata; a renewal has none pending. */
      paymentId: string | null;
      amountCents: number;
      periodEnd: Date;
    }
  | { id: string; kind: 'invoice_failed'; invoiceId: string; subscriptionRef: string; subscriptionId: string }
  | { id: string; kind: 'subscription_ended'; subscriptionRef: string; subscriptionId: string };

export class WebhookSignatureError extends Error {}

export type RefundRequest = {
  paymentId: string;
  gatewayRef: string | null;
  amountCents: number;
  /** The same key twice refunds once (gateways keep it; ours does too). */
  idempotencyKey: string;
};

type SavedCardCharge = {
  paymentId: string;
  /** The gatewayRef of the payment that put the card on file. */
  savedCardRef: string;
  amountCents: number;
  details: string;
};

/** docs/product/payments-and-ledger.md: the sandbox built in, Stripe in production; chosen by GATEWAY. */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** Origins the browser's form may be sent to (the Content-Security-Policy's form-action). */
  readonly formOrigins: string[];
  startCheckout(request: CheckoutRequest): Promise<{ form: GatewayForm; gatewayRef: string | null }>;
  /** Checks the signature and its age; throws WebhookSignatureError when either is wrong. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, now: Date): GatewayEvent;
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /**
   * Charges the card on file of an earlier payment (a subscription renewal, decision 017) without the client.
   * The outcome arrives as a webhook like any payment's; this only asks. Absent: the gateway renews on its own.
   */
  chargeSavedCard?(request: SavedCardCharge): Promise<void>;
  /**
   * Gateways whose hosted page is reached by a redirect rather than the form itself (Stripe Checkout): the
   * page's address for a started payment.
   */
  hostedPageUrl?(gatewayRef: string): Promise<string>;
  /**
   * Gateways that bill subscriptions themselves (Stripe Billing, decision 017): they renew on their own and
   * report through `invoice_paid`, `invoice_failed` and `subscription_ended` events; we only ask them to stop.
   */
  readonly billing?: {
    /** `atPeriodEnd`: the paid period is kept and nothing more is charged; otherwise it ends now. */
    cancel(subscriptionRef: string, opts: { atPeriodEnd: boolean }): Promise<void>;
  };
}
