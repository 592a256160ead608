import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { PaymentRow } from '../../db/rows.ts';
import { payments } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

export type { PaymentRow };

type NewPaymentRow = typeof payments.$inferInsert;

export async function insertPayment(db: Db, row: NewPaymentRow): Promise<PaymentRow> {
  const [inserted] = await db.insert(payments).values(row).returning();
  if (!inserted) throw new Error('payment not inserted');
  return inserted;
}

export async function setPaymentGatewayRef(db: Db, id: string, gatewayRef: string | null) {
  await db.update(payments).set({ gatewayRef }).where(eq(payments.id, id));
}

/** Locks the payment row (webhooks for one payment are applied one at a time). */
export async function lockPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function findUserPayment(db: Db, userId: string, id: string): Promise<PaymentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row;
}

export async function updatePayment(db: Db, id: string, patch: Partial<NewPaymentRow>) {
  await db.update(payments).set(patch).where(eq(payments.id, id));
}

/** The card payments that paid for a task, newest first: what a refund to the card can give back. */
export async function appliedCardPayments(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.purpose, 'order'),
        eq(payments.status, 'succeeded'),
        eq(payments.outcome, 'applied'),
      ),
    )
    .orderBy(desc(payments.createdAt));
}

/** The subscription's payment a gateway invoice settled, if any (one per invoice, decision 017). */
export async function subscriptionPaymentByRef(
  db: Db,
  subscriptionId: string,
  gatewayRef: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.gatewayRef, gatewayRef)))
    .limit(1);
  return row;
}
