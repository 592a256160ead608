import { geekEarningCents } from '@geekly/domain/orders/acceptance.ts';
import type { Db } from '../../db/database.ts';
import { postLedgerTransaction } from '../ledger/index.ts';

type EarningOrder = {
  id: string;
  userId: string;
  number: number;
  geekId: string | null;
  clientBasePriceCents: number | null;
};

const geekEarningKey = (orderId: string) => `geek-earning:${orderId}`;

/**
 * The Geek's earning for an accepted task (decision 036): GEEK_SHARE_PERCENT of the work price, from revenue to
 * the Geek's ledger account, once per task (the key). The task's own account keeps what the client paid, so a
 * later refund still finds it there; the earning is the platform's cost and stays with the Geek.
 */
export async function recordGeekEarning(tx: Db, row: EarningOrder) {
  if (!row.geekId) return false;
  const amountCents = geekEarningCents(row.clientBasePriceCents ?? 0);
  if (amountCents <= 0) return false;
  return postLedgerTransaction(tx, {
    idempotencyKey: geekEarningKey(row.id),
    kind: 'geek_earning',
    orderId: row.id,
    memo: `Earning for task #${row.number}`,
    entries: [
      { account: { type: 'revenue' }, amountCents: -amountCents },
      { account: { type: 'geek', id: row.geekId }, amountCents },
    ],
  });
}
