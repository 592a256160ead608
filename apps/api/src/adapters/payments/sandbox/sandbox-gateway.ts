import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { sandboxGatewayEvents, sandboxGatewaySessions } from '../../../db/schema.ts';
import {
  type CheckoutRequest,
  type GatewayEvent,
  type PaymentGateway,
  WebhookSignatureError,
} from '../payment-gateway.ts';
import type { SandboxEvents } from './sandbox-events.ts';
import { checkWebhookSignature, SANDBOX_SIGNATURE_HEADER, signFormFields } from './sandbox-signing.ts';

export const SANDBOX_CHECKOUT_PATH = '/sandbox-gateway/checkout';

const centsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The form fields of docs/product/payments-and-ledger.md, plus what makes them tamper-proof. */
function sandboxFormFields(secret: string, r: CheckoutRequest): Record<string, string> {
  const fields: Record<string, string> = {
    details: r.details,
    client_id: r.clientId,
    amount: centsText(r.amountCents),
    currency: r.currency,
    company: r.company,
    vendor: 'sandbox',
    success_url: r.returnUrls.success,
    cancel_url: r.returnUrls.cancel,
    error_url: r.returnUrls.error,
    expired_url: r.returnUrls.expired,
    use_balance: r.useBalance ? 'true' : '',
    payment_id: r.paymentId,
    expires_at: r.expiresAt.toISOString(),
  };
  return { ...fields, signature: signFormFields(secret, fields) };
}

type SandboxEventBody = {
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'payment.expired';
  data: {
    payment_id: string;
    amount_cents: number;
    session_id: string;
    reason?: string;
    card_fingerprint?: string;
  };
};

/**
 * The built-in gateway (docs/product/payments-and-ledger.md): its card page and webhook sender live in sandbox-pages.ts and
 * sandbox-events.ts; this is the merchant side the API talks to.
 */
export function createSandboxGateway(opts: {
  secret: string;
  publicUrl: string;
  db: Db;
  events: SandboxEvents;
  now: () => Date;
}): PaymentGateway {
  const origin = new URL(opts.publicUrl).origin;
  return {
    name: 'sandbox',
    formOrigins: [origin],
    async startCheckout(request) {
      return {
        form: {
          url: `${origin}${SANDBOX_CHECKOUT_PATH}`,
          method: 'POST',
          fields: sandboxFormFields(opts.secret, request),
        },
        gatewayRef: null,
      };
    },
    verifyWebhook(rawBody, headers, now) {
      const body = rawBody.toString('utf8');
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const check = checkWebhookSignature(
        opts.secret,
        body,
        Array.isArray(header) ? header[0] : header,
        Math.floor(now.getTime() / 1000),
      );
      if (check !== 'ok') throw new WebhookSignatureError(`Webhook signature ${check}`);
      const event = JSON.parse(body) as SandboxEventBody;
      const { payment_id: paymentId } = event.data;
      switch (event.type) {
        case 'payment.succeeded':
          return {
            id: event.id,
            kind: 'succeeded',
            paymentId,
            amountCents: event.data.amount_cents,
            gatewayRef: event.data.session_id,
            cardFingerprint: event.data.card_fingerprint ?? null,
          };
        case 'payment.failed':
          return {
            id: event.id,
            kind: 'failed',
            paymentId,
            reason: event.data.reason === 'server_error' ? 'server_error' : 'card_declined',
          };
        case 'payment.expired':
          return { id: event.id, kind: 'expired', paymentId };
        default:
          return { id: String((event as { id?: unknown }).id), kind: 'ignored', type: String(event.type) };
      }
    },
    async chargeSavedCard(request) {
      // A charge without the client: a settled session of its own, with the card of the first one, whose
      // event goes through the same outbox and webhook as a card page's.
      const eventId = await opts.db.transaction(async (tx) => {
        const [card] = await tx
          .select()
          .from(sandboxGatewaySessions)
          .where(eq(sandboxGatewaySessions.id, request.savedCardRef));
        if (card?.status !== 'paid') throw new Error('Sandbox: no card on file');
        const outcome = card.laterChargeOutcome ?? 'declined';
        const [session] = await tx
          .insert(sandboxGatewaySessions)
          .values({
            merchantPaymentId: request.paymentId,
            amountCents: request.amountCents,
            currency: card.currency,
            details: request.details,
            company: card.company,
            returnUrls: card.returnUrls,
            status: outcome,
            cardLast4: card.cardLast4,
            cardFingerprint: card.cardFingerprint,
            laterChargeOutcome: card.laterChargeOutcome,
            expiresAt: opts.now(),
          })
          .onConflictDoNothing({ target: sandboxGatewaySessions.merchantPaymentId })
          .returning();
        if (!session) return null; // asked twice for one payment: charged once
        return outcome === 'paid'
          ? opts.events.record(tx, session, 'payment.succeeded')
          : opts.events.record(tx, session, 'payment.failed', 'card_declined');
      });
      if (eventId) await opts.events.deliver(eventId);
    },
    async refund(request) {
      // The sandbox keeps its refunds as events keyed by the caller's idempotency key, like a real gateway.
      const refundId = `re_${request.idempotencyKey}`;
      return opts.db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(sandboxGatewaySessions)
          .where(eq(sandboxGatewaySessions.merchantPaymentId, request.paymentId))
          .for('update');
        if (session?.status !== 'paid') throw new Error('Sandbox refund: no paid session');
        const inserted = await tx
          .insert(sandboxGatewayEvents)
          .values({
            id: refundId,
            sessionId: session.id,
            payload: { type: 'refund', amount_cents: request.amountCents },
            deliveredAt: new Date(),
          })
          .onConflictDoNothing()
          .returning({ id: sandboxGatewayEvents.id });
        if (inserted.length === 0) return { refundId };
        if (session.refundedCents + request.amountCents > session.amountCents)
          throw new Error('Sandbox refund: more than was paid');
        await tx
          .update(sandboxGatewaySessions)
          .set({ refundedCents: sql`${sandboxGatewaySessions.refundedCents} + ${request.amountCents}` })
          .where(eq(sandboxGatewaySessions.id, session.id));
        return { refundId };
      });
    },
  };
}

export type { GatewayEvent };
