import { centsToDollars } from '@geekly/domain/money.ts';
import { WORKSPACE_MESSAGES, WORKSPACE_PATHS } from '@geekly/domain/workspace/workspace-contract.ts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import { geekLogins, geeks, ledgerTransactions, payoutRequests } from '../../db/schema.ts';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { lockGeek } from '../geeks/index.ts';
import { accountBalanceCents, postLedgerTransaction } from '../ledger/index.ts';
import { queueGeekMail } from '../notifications/geek-mail.ts';

// Decision 047: what Geekly owes a Geek is their ledger account's balance (earnings and tips in, payouts out). A
// payout is a ledger transaction from the Geek's account to `geek_payouts`, never above the balance; the Geek's
// requests are a wish list staff read, the ledger stays the truth.

const payoutKey = (geekId: string, reference: string) => `geek-payout:${geekId}:${reference}`;

/** What Geekly owes the Geek now, in cents. */
export const owedCents = (db: Db, geekId: string) => accountBalanceCents(db, 'geek', geekId);

/** The open payout requests' total of a Geek, in cents. */
export async function requestedCents(db: Db, geekId: string) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payoutRequests.amountCents}), 0)` })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.geekId, geekId), eq(payoutRequests.status, 'open')));
  return Number(row?.total ?? 0);
}

const adminOnly = () =>
  new AppError('FORBIDDEN', 'Only an admin records payouts', { errorType: 'admin_only' });
const overOwed = () =>
  new AppError('VALIDATION', WORKSPACE_MESSAGES.overOwed, {
    errorType: 'validation',
    errorValue: { amount: WORKSPACE_MESSAGES.overOwed },
  });

/**
 * POST /ops/geek-payouts (admin only): a payout to a Geek, recorded in the ledger under the Geek's row lock so two
 * payouts at once never exceed what is owed; 422 above it. The Geek's open requests it covers are marked paid;
 * the Geek is mailed; the payout is audited in the same transaction.
 */
export async function recordGeekPayout(
  ctx: AppContext,
  staff: UserRow,
  input: { geek_id: string; amount: number; reference: string },
) {
  if (staff.staffRole !== 'admin') throw adminOnly();
  const amountCents = Math.round(input.amount * 100);
  const now = ctx.now();
  const result = await ctx.database.db.transaction(async (tx) => {
    const geek = await lockGeek(tx, input.geek_id);
    if (!geek) throw notFound('Geek not found');
    const owed = await owedCents(tx, geek.id);
    if (amountCents > owed) throw overOwed();
    const key = payoutKey(geek.id, input.reference);
    const posted = await postLedgerTransaction(tx, {
      idempotencyKey: key,
      kind: 'geek_payout',
      memo: `Payout ${input.reference}`,
      entries: [
        { account: { type: 'geek', id: geek.id }, amountCents: -amountCents },
        { account: { type: 'geek_payouts' }, amountCents },
      ],
    });
    if (!posted)
      throw new AppError('CONFLICT', 'A payout with this reference is already recorded', {
        errorType: 'duplicate_reference',
      });
    const [txRow] = await tx
      .select({ id: ledgerTransactions.id, at: ledgerTransactions.createdAt })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key));
    // The oldest open requests the payout covers are paid.
    let left = amountCents;
    const open = await tx
      .select()
      .from(payoutRequests)
      .where(and(eq(payoutRequests.geekId, geek.id), eq(payoutRequests.status, 'open')))
      .orderBy(asc(payoutRequests.createdAt));
    for (const r of open) {
      if (r.amountCents > left) break;
      left -= r.amountCents;
      await tx.update(payoutRequests).set({ status: 'paid', paidAt: now }).where(eq(payoutRequests.id, r.id));
    }
    await writeAudit(tx, staffActor(staff), {
      action: 'geek_payout',
      subjectId: geek.id,
      details: { amount: centsToDollars(amountCents), reference: input.reference },
    });
    const [login] = await tx
      .select({ email: geekLogins.email })
      .from(geekLogins)
      .where(eq(geekLogins.geekId, geek.id));
    if (login)
      await queueGeekMail(ctx, tx, {
        to: login.email,
        subject: `A payout of $${centsToDollars(amountCents).toFixed(2)} from Geekly`,
        preview: 'Geekly recorded a payout to you.',
        heading: 'Your payout is on its way',
        paragraphs: [
          `Geekly paid you $${centsToDollars(amountCents).toFixed(2)} (reference ${input.reference}).`,
        ],
        button: { label: 'See your earnings', path: WORKSPACE_PATHS.earnings },
      });
    return {
      _id: txRow?.id ?? key,
      geek_id: geek.id,
      amount: centsToDollars(amountCents),
      reference: input.reference,
      owed: centsToDollars(owed - amountCents),
      created_at: (txRow?.at ?? now).toISOString(),
    };
  });
  ctx.mailer.kick();
  return result;
}

type RequestRow = typeof payoutRequests.$inferSelect;
const requestView = (r: RequestRow, name: string, owed: number) => ({
  _id: r.id,
  geek_id: r.geekId,
  public_full_name: name,
  amount: centsToDollars(r.amountCents),
  owed: centsToDollars(owed),
  note: r.note,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  paid_at: r.paidAt?.toISOString() ?? null,
});

/** POST /workspace/payout-requests: ask for what is owed and not yet asked for (all of it without an amount). */
export async function requestPayout(
  ctx: AppContext,
  geek: { id: string; publicFullName: string },
  input: { amount?: number | undefined; note?: string | undefined },
) {
  return ctx.database.db.transaction(async (tx) => {
    await lockGeek(tx, geek.id);
    const owed = await owedCents(tx, geek.id);
    const free = owed - (await requestedCents(tx, geek.id));
    const amountCents = input.amount === undefined ? free : Math.round(input.amount * 100);
    if (amountCents <= 0)
      throw validationError({ amount: 'Nothing is owed to you now beyond your open requests' });
    if (amountCents > free) throw overOwed();
    const [row] = await tx
      .insert(payoutRequests)
      .values({ geekId: geek.id, amountCents, note: input.note?.trim() || null, createdAt: ctx.now() })
      .returning();
    if (!row) throw new Error('payout request not inserted');
    return requestView(row, geek.publicFullName, owed);
  });
}

/** A Geek's own requests, newest first. */
export async function geekPayoutRequests(ctx: AppContext, geek: { id: string; publicFullName: string }) {
  const db = ctx.database.db;
  const [rows, owed] = await Promise.all([
    db
      .select()
      .from(payoutRequests)
      .where(eq(payoutRequests.geekId, geek.id))
      .orderBy(desc(payoutRequests.createdAt))
      .limit(100),
    owedCents(db, geek.id),
  ]);
  return { results: rows.map((r) => requestView(r, geek.publicFullName, owed)) };
}

/** GET /ops/payout-requests: every Geek's requests (open ones by default), with what each Geek is owed, in one query. */
export async function opsPayoutRequests(ctx: AppContext, status: RequestRow['status'] | undefined) {
  const owedSql = sql<string>`(select coalesce(sum(e.amount_cents), 0) from ledger_entries e
    where e.account_type = 'geek' and e.account_id = ${payoutRequests.geekId})`;
  const rows = await ctx.database.db
    .select({ request: payoutRequests, name: geeks.publicFullName, owed: owedSql })
    .from(payoutRequests)
    .innerJoin(geeks, eq(geeks.id, payoutRequests.geekId))
    .where(eq(payoutRequests.status, status ?? 'open'))
    .orderBy(asc(payoutRequests.createdAt))
    .limit(500);
  return { results: rows.map((r) => requestView(r.request, r.name, Number(r.owed))) };
}
