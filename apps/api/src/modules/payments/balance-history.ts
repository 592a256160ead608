import { centsToDollars } from '@geekly/domain/money.ts';
import type { BalanceEntry } from '@geekly/domain/payments/pay-schemas.ts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { ledgerEntries, ledgerTransactions, orders } from '../../db/schema.ts';
import { accountBalanceCents } from '../ledger/ledger.repository.ts';
import type { UserRow } from '../users/users.repository.ts';

const PAGE_SIZE = 20;

/** How a ledger transaction reads in the client's history; the task number is added where there is one. */
export function describeBalanceEntry(kind: string, orderNumber: number | null): string {
  const task = orderNumber === null ? 'your task' : `task #${orderNumber}`;
  switch (kind) {
    case 'card_top_up':
      return 'Top-up by card';
    case 'card_payment':
      return `Card payment for ${task}`;
    case 'order_payment_balance':
    case 'order_payment_card':
      return `Payment for ${task}`;
    case 'tip_balance':
    case 'tip_card':
      return `Tip for the Geek of ${task}`;
    case 'refund_balance':
      return `Refund for ${task}`;
    case 'card_subscription':
      return 'Card payment for your subscription';
    case 'subscription_charge':
      return 'Subscription';
    case 'staff_credit':
      return 'Credit from Geekly support';
    case 'referral_bonus':
      return 'Referral bonus';
    case 'referral_bonus_reversed':
      return 'Referral bonus taken back (the task was refunded)';
    case 'cashback':
      return `Cashback for ${task}`;
    default:
      return kind.replaceAll('_', ' ');
  }
}

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
    description: describeBalanceEntry(r.kind, r.orderNumber ?? null),
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
