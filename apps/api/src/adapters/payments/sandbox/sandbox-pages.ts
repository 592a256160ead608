import formbody from '@fastify/formbody';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { type ReturnUrls, sandboxGatewaySessions } from '../../../db/schema.ts';
import { type CardInput, cardOutcome, checkCard, laterChargeOutcome } from './card-checks.ts';
import { cardPageHtml, refusedPageHtml } from './card-page.ts';
import type { SandboxEvents } from './sandbox-events.ts';
import { SANDBOX_CHECKOUT_PATH } from './sandbox-gateway.ts';
import { cardFingerprint, safeEqualHex, sessionToken, signFormFields } from './sandbox-signing.ts';

type SessionRow = typeof sandboxGatewaySessions.$inferSelect;

const FORM_FIELDS = [
  'details',
  'client_id',
  'amount',
  'currency',
  'company',
  'vendor',
  'success_url',
  'cancel_url',
  'error_url',
  'expired_url',
  'use_balance',
  'payment_id',
  'expires_at',
] as const;

const withQuery = (url: string, params: Record<string, string>) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
};

function amountCents(text: string): number | null {
  const m = /^(\d{1,9})\.(\d{2})$/.exec(text);
  return m ? Number(m[1]) * 100 + Number(m[2]) : null;
}

/** Where the browser goes once a session is settled (docs/product/payments-and-ledger.md's return URLs, decision 010's parameters). */
function returnAddress(s: SessionRow): string | null {
  const q = { payment_id: s.merchantPaymentId };
  const urls: ReturnUrls = s.returnUrls;
  switch (s.status) {
    case 'paid':
      return withQuery(urls.success, q);
    case 'declined':
      return withQuery(urls.error, { ...q, reason: 'card_declined' });
    case 'failed':
      return withQuery(urls.error, { ...q, reason: 'server_error' });
    case 'expired':
      return withQuery(urls.expired, q);
    default:
      return null;
  }
}

/**
 * The sandbox gateway's hosted pages (decision 010): the browser posts the signed form here, enters a card and
 * is sent back to the merchant after the webhook was delivered.
 */
export function sandboxPages(opts: { db: Db; secret: string; events: SandboxEvents; now: () => Date }) {
  const { db, secret, events, now } = opts;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  async function settleAndRedirect(reply: FastifyReply, session: SessionRow, eventId: string | null) {
    if (eventId) await events.deliver(eventId);
    const [fresh] = await db
      .select()
      .from(sandboxGatewaySessions)
      .where(eq(sandboxGatewaySessions.id, session.id));
    return reply.redirect(returnAddress(fresh ?? session) ?? '/', 303);
  }

  return async (app: FastifyInstance) => {
    await app.register(formbody, { bodyLimit: 16 * 1024 });

    app.post(SANDBOX_CHECKOUT_PATH, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const fields: Record<string, string> = {};
      for (const k of FORM_FIELDS) {
        const v = body[k];
        if (typeof v !== 'string')
          return html(reply, 400, refusedPageHtml('This payment request is incomplete.'));
        fields[k] = v;
      }
      const signature = typeof body.signature === 'string' ? body.signature : '';
      if (!safeEqualHex(signature, signFormFields(secret, fields)))
        return html(reply, 400, refusedPageHtml('This payment request was altered and is refused.'));
      const cents = amountCents(fields.amount ?? '');
      const expiresAt = new Date(fields.expires_at ?? '');
      if (cents === null || cents <= 0 || Number.isNaN(expiresAt.getTime()))
        return html(reply, 400, refusedPageHtml('This payment request is not valid.'));
      const returnUrls: ReturnUrls = {
        success: fields.success_url ?? '',
        cancel: fields.cancel_url ?? '',
        error: fields.error_url ?? '',
        expired: fields.expired_url ?? '',
      };
      // Posting the same signed form again (back button, double click) opens the same session.
      await db
        .insert(sandboxGatewaySessions)
        .values({
          merchantPaymentId: fields.payment_id ?? '',
          amountCents: cents,
          currency: fields.currency ?? 'USD',
          details: fields.details ?? '',
          company: fields.company ?? '',
          returnUrls,
          expiresAt,
        })
        .onConflictDoNothing({ target: sandboxGatewaySessions.merchantPaymentId });
      const [session] = await db
        .select()
        .from(sandboxGatewaySessions)
        .where(eq(sandboxGatewaySessions.merchantPaymentId, fields.payment_id ?? ''));
      if (!session) return html(reply, 400, refusedPageHtml('This payment request is not valid.'));
      return reply.redirect(`/sandbox-gateway/sessions/${session.id}`, 303);
    });

    const loadSession = async (id: string) =>
      /^[0-9a-f-]{36}$/i.test(id)
        ? (await db.select().from(sandboxGatewaySessions).where(eq(sandboxGatewaySessions.id, id)))[0]
        : undefined;

    const render = (
      reply: FastifyReply,
      session: SessionRow,
      status = 200,
      extra: Partial<Parameters<typeof cardPageHtml>[0]> = {},
    ) =>
      html(
        reply,
        status,
        cardPageHtml({
          action: `/sandbox-gateway/sessions/${session.id}/pay`,
          token: sessionToken(secret, session.id),
          company: session.company,
          details: session.details,
          amountText: (session.amountCents / 100).toFixed(2),
          currency: session.currency,
          cancelUrl: session.returnUrls.cancel,
          ...extra,
        }),
      );

    app.get('/sandbox-gateway/sessions/:id', async (request, reply) => {
      const session = await loadSession((request.params as { id: string }).id);
      if (!session) return html(reply, 404, refusedPageHtml('This payment session does not exist.'));
      if (session.status === 'open' && session.expiresAt <= now())
        return settleAndRedirect(reply, session, await events.expireSession(session));
      if (session.status !== 'open') return settleAndRedirect(reply, session, null);
      return render(reply, session);
    });

    app.post('/sandbox-gateway/sessions/:id/pay', async (request, reply) => {
      const session = await loadSession((request.params as { id: string }).id);
      if (!session) return html(reply, 404, refusedPageHtml('This payment session does not exist.'));
      const body = (request.body ?? {}) as CardInput & { token?: string };
      if (!safeEqualHex(String(body.token ?? ''), sessionToken(secret, session.id)))
        return html(reply, 400, refusedPageHtml('This payment request was altered and is refused.'));
      if (session.status === 'open' && session.expiresAt <= now())
        return settleAndRedirect(reply, session, await events.expireSession(session));
      if (session.status !== 'open') return settleAndRedirect(reply, session, null);
      const card = checkCard(body, now());
      if (!card.ok)
        return render(reply, session, 422, {
          errors: card.errors,
          values: { name: String(body.name ?? ''), expiry: String(body.expiry ?? '') },
        });
      const outcome = cardOutcome(card.digits);
      const eventId = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(sandboxGatewaySessions)
          .where(eq(sandboxGatewaySessions.id, session.id))
          .for('update');
        // A double submit finds the session settled by the first one.
        if (locked?.status !== 'open') return null;
        const charged = {
          status: outcome,
          cardLast4: card.digits.slice(-4),
          cardFingerprint: cardFingerprint(secret, card.digits),
          laterChargeOutcome: outcome === 'paid' ? laterChargeOutcome(card.digits) : null,
        };
        await tx.update(sandboxGatewaySessions).set(charged).where(eq(sandboxGatewaySessions.id, session.id));
        if (outcome === 'paid') return events.record(tx, { ...locked, ...charged }, 'payment.succeeded');
        return events.record(
          tx,
          locked,
          'payment.failed',
          outcome === 'failed' ? 'server_error' : 'card_declined',
        );
      });
      return settleAndRedirect(reply, session, eventId);
    });
  };
}
