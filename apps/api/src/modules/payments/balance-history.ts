import { centsToDollars } from '@geekly/domain/money.ts';
import { historyLine } from '@geekly/domain/payments/ledger-vocabulary.ts';
import type { BalanceEntry } from '@geekly/domain/payments/pay-schemas.ts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { ledgerEntries, ledgerTransactions, orders } from '../../db/schema.ts';
import { accountBalanceCents } from '../ledger/index.ts';

const PAGE_SIZE = 20;

/** GET /balance/history: the client's own balance entries, newest first. */
export async function balanceHistory(ctx: AppContext, user: UserRow, page: number) {
  const db = ctx.database.db;
  const mine = and(eq(ledgerEntries.accountType, 'user'), eq(ledgerEntries.accountId, user.id));
  const rows = await db
    .select({
      id: ledgerEntries.id,
      amountCents: ledgerEntries.amountCents,
      kind: ledgerTransactions.kind,
      createdAt: ledgerTransactions.createdAt,
      orderId: ledgerTransactions.orderId,
      orderNumber: orders.number,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(orders, eq(orders.id, ledgerTransactions.orderId))
    .where(mine)
    .orderBy(desc(ledgerEntries.seq))
    .limit(PAGE_SIZE)
    .offset(page * PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(mine);
  const results: BalanceEntry[] = rows.map((r) => ({
    _id: r.id,
    created_at: r.createdAt.toISOString(),
    kind: r.kind,
    description: historyLine(r.kind, r.orderNumber ?? null),
    amount: centsToDollars(r.amountCents),
    order_id: r.orderId,
    order_number: r.orderNumber ?? null,
  }));
  return {
    available_balance: centsToDollars(await accountBalanceCents(db, 'user', user.id)),
    total: total?.n ?? 0,
    results,
  };
}
