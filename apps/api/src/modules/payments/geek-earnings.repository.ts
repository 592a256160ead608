import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { geeks, ledgerEntries, ledgerTransactions, orders } from '../../db/schema.ts';

/** A Geek, enabled or not (staff see both). */
export async function findGeekAnyState(db: Db, geekId: string) {
  if (!UUID.test(geekId)) return undefined;
  const [row] = await db.select().from(geeks).where(eq(geeks.id, geekId));
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Period = { from: Date; to: Date } | null;

export type GeekEarningTotals = {
  geekId: string;
  name: string;
  tasks: number;
  earnedCents: number;
  tipsCents: number;
};

/**
 * What every Geek's ledger account received in a period (all time without one), in one grouped query: earnings
 * of accepted tasks (decision 036), tips (decision 012) and the number of tasks earned on.
 */
export async function geekEarningTotals(db: Db, period: Period): Promise<GeekEarningTotals[]> {
  const inPeriod = period
    ? sql`${ledgerTransactions.createdAt} >= ${period.from.toISOString()} and ${ledgerTransactions.createdAt} < ${period.to.toISOString()}`
    : sql`true`;
  const rows = await db
    .select({
      geekId: geeks.id,
      name: geeks.publicFullName,
      tasks: sql<string>`count(distinct ${ledgerTransactions.orderId}) filter (where ${ledgerTransactions.kind} = 'geek_earning')`,
      earned: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerTransactions.kind} = 'geek_earning'), 0)`,
      tips: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerTransactions.kind} like 'tip_%'), 0)`,
    })
    .from(geeks)
    .leftJoin(
      ledgerEntries,
      and(eq(ledgerEntries.accountType, 'geek'), eq(ledgerEntries.accountId, geeks.id)),
    )
    .leftJoin(ledgerTransactions, and(eq(ledgerTransactions.id, ledgerEntries.transactionId), inPeriod))
    .groupBy(geeks.id, geeks.publicFullName)
    .orderBy(asc(geeks.publicFullName), asc(geeks.id));
  return rows.map((r) => ({
    geekId: r.geekId,
    name: r.name,
    tasks: Number(r.tasks),
    earnedCents: Number(r.earned),
    tipsCents: Number(r.tips),
  }));
}

export type GeekEarningLine = {
  at: Date;
  kind: string;
  memo: string | null;
  orderId: string | null;
  orderNumber: number | null;
  title: string | null;
  amountCents: number;
};

/** One Geek's ledger lines, newest first: what each accepted task earned and each tip. */
export async function geekEarningLines(db: Db, geekId: string): Promise<GeekEarningLine[]> {
  const rows = await db
    .select({
      at: ledgerTransactions.createdAt,
      kind: ledgerTransactions.kind,
      memo: ledgerTransactions.memo,
      orderId: ledgerTransactions.orderId,
      orderNumber: orders.number,
      title: orders.title,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(orders, eq(orders.id, ledgerTransactions.orderId))
    .where(and(eq(ledgerEntries.accountType, 'geek'), eq(ledgerEntries.accountId, geekId)))
    .orderBy(desc(ledgerEntries.seq))
    .limit(500);
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
}
