import type { AddOnService } from '@geekly/domain/pricing/add-ons.ts';
import type { Coupon, CouponUsage } from '@geekly/domain/pricing/coupons.ts';
import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { coupons, orders } from '../../db/schema.ts';

type CouponRow = typeof coupons.$inferSelect;

const toCoupon = (row: CouponRow): Coupon => ({
  code: row.code,
  discountType: row.discountType,
  percentOff: row.percentOff,
  minPriceCents: row.minPriceCents,
  firstOrdersLimit: row.firstOrdersLimit,
  perUserLimit: row.perUserLimit,
  totalLimit: row.totalLimit,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  active: row.active,
  freeAddOn: (row.freeAddOn as AddOnService | null) ?? null,
});

/**
 * `forUpdate` locks the code's row until the transaction ends, so that two payments cannot both take the
 * last use of a limited code.
 */
export async function findCoupon(db: Db, code: string, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(coupons).where(eq(coupons.code, code));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row ? toCoupon(row) : undefined;
}

/** Uses count paid tasks only; `exceptOrderId` is the task being priced. */
export async function couponUsage(
  db: Db,
  userId: string,
  code: string,
  exceptOrderId: string | null,
): Promise<CouponUsage> {
  const paid = and(
    isNotNull(orders.clientPaidAtFirst),
    exceptOrderId ? ne(orders.id, exceptOrderId) : sql`true`,
  );
  const [[mine], [mineWithCode], [all]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .where(and(paid, eq(orders.userId, userId))),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(paid, eq(orders.userId, userId), eq(orders.discount, code))),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(paid, eq(orders.discount, code))),
  ]);
  return { paidOrdersCount: mine?.n ?? 0, userUses: mineWithCode?.n ?? 0, totalUses: all?.n ?? 0 };
}

/** Several codes in one query (a page of tasks). */
export async function findCoupons(db: Db, codes: string[]): Promise<Map<string, Coupon>> {
  if (codes.length === 0) return new Map();
  const rows = await db.select().from(coupons).where(inArray(coupons.code, codes));
  return new Map(rows.map((row) => [row.code, toCoupon(row)]));
}

/** Paid tasks of every client carrying each code, and the client's own paid tasks with their codes. */
export async function couponUsages(db: Db, userId: string, codes: string[]) {
  if (codes.length === 0) return { totals: new Map<string, number>(), mine: [] };
  const paid = isNotNull(orders.clientPaidAtFirst);
  const [totals, mine] = await Promise.all([
    db
      .select({ code: orders.discount, n: count() })
      .from(orders)
      .where(and(paid, inArray(orders.discount, codes)))
      .groupBy(orders.discount),
    db
      .select({ id: orders.id, code: orders.discount })
      .from(orders)
      .where(and(paid, eq(orders.userId, userId))),
  ]);
  return { totals: new Map(totals.map((t) => [t.code ?? '', t.n])), mine };
}
