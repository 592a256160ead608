import { centsToDollars } from '@geekly/domain/money.ts';
import { type PayoutPeriod, payoutCsv, periodBounds } from '@geekly/domain/payments/geek-payouts.ts';
import { earningKindOf } from '@geekly/domain/payments/ledger-vocabulary.ts';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  findGeekAnyState,
  geekEarnedAllTimeCents,
  geekEarningLines,
  geekEarningTotals,
} from './geek-earnings.repository.ts';

/** GET /ops/geek-earnings: every Geek with what they earned and were tipped (in the period, if one is given). */
export async function geekEarnings(ctx: AppContext, period: PayoutPeriod | null) {
  const rows = await geekEarningTotals(ctx.database.reportsDb, period ? periodBounds(period) : null);
  return rows.map((r) => ({
    geek_id: r.geekId,
    public_full_name: r.name,
    tasks: r.tasks,
    earned: centsToDollars(r.earnedCents),
    tips: centsToDollars(r.tipsCents),
    total: centsToDollars(r.earnedCents + r.tipsCents),
  }));
}

/** GET /ops/geeks/:id/earnings: one Geek's ledger lines, newest first, and their total. */
export async function geekEarningHistory(ctx: AppContext, geekId: string) {
  const db = ctx.database.db;
  const geek = await findGeekAnyState(db, geekId);
  if (!geek) throw notFound('Geek not found');
  const [lines, totalCents] = await Promise.all([
    geekEarningLines(db, geek.id),
    geekEarnedAllTimeCents(db, geek.id),
  ]);
  return {
    geek_id: geek.id,
    public_full_name: geek.publicFullName,
    total: centsToDollars(totalCents),
    lines: lines.map((l) => ({
      created_at: l.at.toISOString(),
      kind: earningKindOf(l.kind),
      memo: l.memo,
      order_id: l.orderId,
      order_number: l.orderNumber,
      title: l.title,
      amount: centsToDollars(l.amountCents),
    })),
  };
}

/** GET /ops/geek-earnings.csv: the payout report for a period. */
export async function geekPayoutReport(ctx: AppContext, period: PayoutPeriod) {
  return payoutCsv(await geekEarningTotals(ctx.database.reportsDb, periodBounds(period)));
}
