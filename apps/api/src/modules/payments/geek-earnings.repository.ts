import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  geekEarningDays,
  geekEarningMonths,
  geeks,
  ledgerEntries,
  ledgerTransactions,
  orders,
} from '../../db/schema.ts';

/** A Geek, enabled or not (staff see both). */
export async function findGeekAnyState(db: Db, geekId: string) {
  if (!UUID.test(geekId)) return undefined;
  const [row] = await db.select().from(geeks).where(eq(geeks.id, geekId));
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Period = { from: Date; to: Date } | null;

export type GeekEarningTotals = {
  geekId: string;
  name: string;
  tasks: number;
  earnedCents: number;
  tipsCents: number;
};

/**
 * What every Geek's ledger account received in a period (all time without one), in one grouped query: earnings
 * of accepted tasks (decision 036), tips (decision 012) and the number of tasks earned on. Read from the kept
 * summaries (decision 056): the whole months of the period by month, the days at its ends by day.
 */
export async function geekEarningTotals(db: Db, period: Period): Promise<GeekEarningTotals[]> {
  const sums = sql`${sql.identifier('geek_id')}, ${sql.identifier('earned_cents')}, ${sql.identifier('tips_cents')}, ${sql.identifier('tasks')}`;
  let parts: SQL[];
  if (!period) {
    parts = [sql`select ${sums} from ${geekEarningMonths}`];
  } else {
    const from = isoDay(period.from);
    const to = isoDay(period.to);
    const firstMonth = isoDay(monthStart(period.from, period.from.getUTCDate() === 1 ? 0 : 1));
    const endMonth = isoDay(monthStart(period.to, 0));
    if (firstMonth < endMonth) {
      parts = [
        sql`select ${sums} from ${geekEarningMonths} where ${geekEarningMonths.month} >= ${firstMonth} and ${geekEarningMonths.month} < ${endMonth}`,
        sql`select ${sums} from ${geekEarningDays} where ${geekEarningDays.day} >= ${from} and ${geekEarningDays.day} < ${firstMonth}`,
        sql`select ${sums} from ${geekEarningDays} where ${geekEarningDays.day} >= ${endMonth} and ${geekEarningDays.day} < ${to}`,
      ];
    } else {
      parts = [
        sql`select ${sums} from ${geekEarningDays} where ${geekEarningDays.day} >= ${from} and ${geekEarningDays.day} < ${to}`,
      ];
    }
  }
  const summed = sql`(select s.geek_id, sum(s.earned_cents) as earned, sum(s.tips_cents) as tips, sum(s.tasks) as tasks
    from (${sql.join(parts, sql` union all `)}) s group by s.geek_id)`;
  const rows = await db
    .select({
      geekId: geeks.id,
      name: geeks.publicFullName,
      tasks: sql<string>`coalesce(t.tasks, 0)`,
      earned: sql<string>`coalesce(t.earned, 0)`,
      tips: sql<string>`coalesce(t.tips, 0)`,
    })
    .from(geeks)
    .leftJoin(sql`${summed} t`, sql`t.geek_id = ${geeks.id}`)
    .orderBy(asc(geeks.publicFullName), asc(geeks.id));
  return rows.map((r) => ({
    geekId: r.geekId,
    name: r.name,
    tasks: Number(r.tasks),
    earnedCents: Number(r.earned),
    tipsCents: Number(r.tips),
  }));
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The first day of the month of `d` (UTC), `plus` months on. */
const monthStart = (d: Date, plus: number) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + plus, 1));

type GeekEarningLine = {
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

/** All a Geek's earnings and tips, from the kept months (decision 056): the lines stop at 500, the total does not. */
export async function geekEarnedAllTimeCents(db: Db, geekId: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${geekEarningMonths.earnedCents} + ${geekEarningMonths.tipsCents}), 0)`,
    })
    .from(geekEarningMonths)
    .where(eq(geekEarningMonths.geekId, geekId));
  return Number(row?.total ?? 0);
}
