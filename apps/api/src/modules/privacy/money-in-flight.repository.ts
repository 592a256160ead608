import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { cardRefunds, payments } from '../../db/schema.ts';

/** Accepted refunds to the account's cards the gateway has not confirmed yet (they go on after an erasure). */
export async function pendingCardRefundCents(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${cardRefunds.amountCents}), 0)` })
    .from(cardRefunds)
    .innerJoin(payments, eq(payments.id, cardRefunds.paymentId))
    .where(and(eq(payments.userId, userId), eq(cardRefunds.status, 'pending')));
  return Number(row?.cents ?? 0);
}
