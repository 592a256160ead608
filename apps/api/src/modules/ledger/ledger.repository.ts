import type { LedgerKind } from '@geekly/domain/payments/ledger-vocabulary.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
import { publishEvent } from '../events/index.ts';

type LedgerAccount =
  | { type: 'user'; id: string }
  | { type: 'order'; id: string }
  | { type: 'geek'; id: string }
  | { type: 'gateway' }
  | { type: 'revenue' }
  /** What was paid out to Geeks (decision 047): a Geek's payout moves their owed balance here. */
  | { type: 'geek_payouts' };

type LedgerEntryInput = { account: LedgerAccount; amountCents: number };

type LedgerTransactionInput = {
  idempotencyKey: string;
  /** One of the declared kinds (decision 067): balance history, receipts and the back office read it. */
  kind: LedgerKind;
  userId?: string;
  orderId?: string;
  memo?: string;
  entries: LedgerEntryInput[];
};

/**
 * Appends one balanced transaction. Returns false when a transaction with the same idempotency
 * key already exists (a replay), in which case nothing is written.
 */
export async function postLedgerTransaction(db: Db, input: LedgerTransactionInput): Promise<boolean> {
  const sum = input.entries.reduce((s, e) => s + e.amountCents, 0);
  if (
    input.entries.length < 2 ||
    sum !== 0 ||
    input.entries.some((e) => !Number.isSafeInteger(e.amountCents))
  ) {
    throw new Error(`Unbalanced ledger transaction ${input.kind}: ${sum}`);
  }
  const inserted = await db
    .insert(ledgerTransactions)
    .values({
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      userId: input.userId,
      orderId: input.orderId,
      memo: input.memo,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  const tx = inserted[0];
  if (!tx) return false;
  await db.insert(ledgerEntries).values(
    input.entries.map((e) => ({
      transactionId: tx.id,
      accountType: e.account.type,
      accountId: 'id' in e.account ? e.account.id : null,
      amountCents: e.amountCents,
    })),
  );
  // Every balance movement tells its user's open streams (the header balance), after the commit.
  for (const e of input.entries)
    if (e.account.type === 'user') await publishEvent(db, e.account.id, 'balance');
  return true;
}

/** Whether a transaction with this idempotency key is already in the ledger (a replay would be a no-op). */
export async function ledgerTransactionExists(db: Db, idempotencyKey: string): Promise<boolean> {
  const rows = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey))
    .limit(1);
  return rows.length > 0;
}

export async function accountBalanceCents(
  db: Db,
  type: 'user' | 'order' | 'geek',
  id: string,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountType, type), eq(ledgerEntries.accountId, id)));
  return Number(row?.total ?? 0);
}

/** Paid amount per order (the sum of each order account's entries). */
export async function orderPaidCents(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      id: ledgerEntries.accountId,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountType, 'order'), inArray(ledgerEntries.accountId, orderIds)))
    .groupBy(ledgerEntries.accountId);
  for (const row of rows) if (row.id) result.set(row.id, Number(row.total));
  return result;
}
