import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { cardRefunds, payments } from '../../db/schema.ts';
import { postLedgerTransaction } from '../ledger/index.ts';
import { appliedCardPayments } from './payments.repository.ts';

/**
 * Inside the refund's transaction: the part of `amountCents` the card paid for this task is owed back to the card
 * (ledger order → gateway, and a pending card refund per card payment). Answers what is left for the balance.
 */
export async function queueCardRefunds(
  tx: Db,
  order: { id: string; userId: string; number: number },
  amountCents: number,
  key: string,
): Promise<number> {
  let left = amountCents;
  // A card payment refunded in part before (decision 021) can give back only what is left of it.
  const earlier = await tx
    .select({ paymentId: cardRefunds.paymentId, total: sql<string>`sum(${cardRefunds.amountCents})` })
    .from(cardRefunds)
    .where(eq(cardRefunds.orderId, order.id))
    .groupBy(cardRefunds.paymentId);
  const refunded = new Map(earlier.map((r) => [r.paymentId, Number(r.total)]));
  for (const payment of await appliedCardPayments(tx, order.id)) {
    if (left <= 0) break;
    const part = Math.min(left, payment.amountCents - (refunded.get(payment.id) ?? 0));
    if (part <= 0) continue;
    const idempotencyKey = `${key}:card:${payment.id}`;
    const posted = await postLedgerTransaction(tx, {
      idempotencyKey,
      kind: 'refund_card',
      userId: order.userId,
      orderId: order.id,
      memo: `Refund of task #${order.number} to the card`,
      entries: [
        { account: { type: 'order', id: order.id }, amountCents: -part },
        { account: { type: 'gateway' }, amountCents: part },
      ],
    });
    if (posted)
      await tx
        .insert(cardRefunds)
        .values({ paymentId: payment.id, orderId: order.id, amountCents: part, idempotencyKey });
    left -= part;
  }
  return left;
}

/**
 * After commit: asks the gateway to carry out the pending card refunds (of one task, or all). The gateway keeps
 * the idempotency key, so a retry after a crash or an error never refunds twice.
 */
export async function processCardRefunds(ctx: AppContext, orderId?: string) {
  const db = ctx.database.db;
  const pending = await db
    .select()
    .from(cardRefunds)
    .where(and(eq(cardRefunds.status, 'pending'), orderId ? eq(cardRefunds.orderId, orderId) : undefined))
    .orderBy(asc(cardRefunds.createdAt))
    .limit(50);
  for (const r of pending) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, r.paymentId));
    try {
      const { refundId } = await ctx.gateway.refund({
        paymentId: r.paymentId,
        gatewayRef: payment?.gatewayRef ?? null,
        amountCents: r.amountCents,
        idempotencyKey: r.idempotencyKey.replace(/[^A-Za-z0-9_-]/g, '_'),
      });
      await db
        .update(cardRefunds)
        .set({ status: 'succeeded', gatewayRefundId: refundId, doneAt: ctx.now() })
        .where(eq(cardRefunds.id, r.id));
    } catch (err) {
      await db
        .update(cardRefunds)
        .set({
          attempts: sql`${cardRefunds.attempts} + 1`,
          lastError: err instanceof Error ? err.message : String(err),
        })
        .where(eq(cardRefunds.id, r.id));
    }
  }
}
