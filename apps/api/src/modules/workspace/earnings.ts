import { centsToDollars } from '@geekly/domain/money.ts';
import { geekEarningCents } from '@geekly/domain/orders/acceptance.ts';
import { earningKindOf } from '@geekly/domain/payments/ledger-vocabulary.ts';
import type { WorkspaceEarnings } from '@geekly/domain/workspace/workspace-contract.ts';
import type { AppContext } from '../../app-context.ts';
import { owedCents, requestedCents } from '../payments/geek-payout-entries.ts';
import { geekEarningLines } from '../payments/index.ts';
import type { SignedInGeek } from './geek-logins.repository.ts';
import { listGeekTasks } from './workspace-tasks.repository.ts';

/**
 * GET /workspace/earnings (decision 047): the Geek's ledger account line by line (earnings of accepted tasks,
 * tips, payouts), and what the tasks in hand will earn once accepted (pending: GEEK_SHARE_PERCENT of each work
 * price, the same computation the ledger records). `owed` is the account's balance: earned - paid_out.
 */
export async function workspaceEarnings(ctx: AppContext, signed: SignedInGeek): Promise<WorkspaceEarnings> {
  const db = ctx.database.db;
  const geekId = signed.geek.id;
  const [lines, tasks, owed, requested] = await Promise.all([
    geekEarningLines(db, geekId),
    listGeekTasks(db, geekId),
    owedCents(db, geekId),
    requestedCents(db, geekId),
  ]);
  const pending = tasks
    .filter(
      (t) =>
        t.geekEarnedAt === null &&
        !t.refunded &&
        !t.clientRemove &&
        t.systemClientStatus !== 'Refund Accepted' &&
        t.systemClientStatus !== 'Deleted',
    )
    .map((t) => ({ row: t, cents: geekEarningCents(t.clientBasePriceCents ?? 0) }))
    .filter((p) => p.cents > 0);
  const earnedCents = lines.filter((l) => l.kind !== 'geek_payout').reduce((s, l) => s + l.amountCents, 0);
  const paidOutCents = -lines.filter((l) => l.kind === 'geek_payout').reduce((s, l) => s + l.amountCents, 0);
  return {
    results: [
      ...pending.map(({ row, cents }) => ({
        order_id: row.id,
        order_number: row.number,
        title: row.title,
        kind: 'earning' as const,
        amount: centsToDollars(cents),
        status: 'pending' as const,
        reference: null,
        at: (row.deliveredAt ?? row.workStartedAt ?? row.updatedAt).toISOString(),
      })),
      ...lines.map((l) => ({
        order_id: l.orderId,
        order_number: l.orderNumber,
        title: l.title,
        kind: earningKindOf(l.kind),
        amount: centsToDollars(l.amountCents),
        status: l.kind === 'geek_payout' ? ('paid' as const) : ('earned' as const),
        reference: l.kind === 'geek_payout' ? (l.memo?.replace(/^Payout /, '') ?? null) : null,
        at: l.at.toISOString(),
      })),
    ],
    pending: centsToDollars(pending.reduce((s, p) => s + p.cents, 0)),
    earned: centsToDollars(earnedCents),
    paid_out: centsToDollars(paidOutCents),
    owed: centsToDollars(owed),
    requested: centsToDollars(requested),
  };
}
