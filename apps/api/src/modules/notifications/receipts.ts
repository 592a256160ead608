import { formatDollars } from '@geekly/domain/money.ts';
import { historyLine, kindsPaying, pays } from '@geekly/domain/payments/ledger-vocabulary.ts';
import { TASK_PAYMENT_RECEIVED } from '@geekly/domain/payments/payment-received.ts';
import { ADD_ON_LABELS, type AddOnService, INCLUDED_IN_PLAN } from '@geekly/domain/pricing/add-ons.ts';
import { and, eq, gt, inArray, sql, TransactionRollbackError } from 'drizzle-orm';
import { renderMail } from '../../adapters/mail/templates/render-mail.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { ledgerEntries, ledgerTransactions, mailOutbox, orders, payments, users } from '../../db/schema.ts';
import { every } from '../../lib/every.ts';
import { mailLink } from './mail-links.ts';

/**
 * Receipts (decision 024): one mail per payment, derived from the ledger after the money's transaction has
 * committed. The ledger transaction that took the money for its purpose is the payment: a task payment (the
 * deposit, the remaining 70%, add-ons), a tip, a card top-up, a subscription month, or a card payment that
 * stayed on the balance because what it was for could no longer take it. Its id keys the mail in the outbox,
 * so a replayed webhook (which writes no ledger transaction) or a second sweep never sends a second receipt,
 * and a mail that fails never touches the payment.
 */
const RECEIPT_KINDS = kindsPaying('task', 'tip', 'top_up', 'subscription');
/** Card money that reached the balance, and a receipt only when it stayed there (`kept_on_balance`). */
const CARD_CREDIT_KINDS = kindsPaying('card_credit');
/** Receipts are written for payments of the last day; older ones are left alone (e.g. at the first deploy). */
const LOOKBACK_MS = 24 * 3_600_000;
const BATCH = 50;
const SWEEP_MS = 60_000;

const receiptKey = (ledgerTransactionId: string) => `receipt:${ledgerTransactionId}`;
/** The payment a ledger transaction belongs to, from its idempotency key (`payment:{id}:…`, decision 010). */
const paymentIdOf = (key: string) => /^payment:([0-9a-f-]{36}):/.exec(key)?.[1] ?? null;

type Due = {
  id: string;
  kind: string;
  userId: string;
  orderId: string | null;
  memo: string | null;
  idempotencyKey: string;
  createdAt: Date;
};

/** Payments of the last day without a receipt yet (oldest first), for one user or all. */
async function dueReceipts(db: Db, now: Date, userId?: string): Promise<Due[]> {
  const keptOnBalance = sql`exists (select 1 from ${payments} p where p.id::text = split_part(${ledgerTransactions.idempotencyKey}, ':', 2) and p.outcome = 'kept_on_balance')`;
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      userId: ledgerTransactions.userId,
      orderId: ledgerTransactions.orderId,
      memo: ledgerTransactions.memo,
      idempotencyKey: ledgerTransactions.idempotencyKey,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .where(
      and(
        gt(ledgerTransactions.createdAt, new Date(now.getTime() - LOOKBACK_MS)),
        userId ? eq(ledgerTransactions.userId, userId) : undefined,
        sql`(${inArray(ledgerTransactions.kind, RECEIPT_KINDS)} or (${inArray(ledgerTransactions.kind, CARD_CREDIT_KINDS)} and ${keptOnBalance}))`,
        sql`not exists (select 1 from ${mailOutbox} m where m.dedupe_key = 'receipt:' || ${ledgerTransactions.id}::text)`,
      ),
    )
    .orderBy(ledgerTransactions.createdAt)
    .limit(BATCH);
  return rows.filter((r): r is Due => r.userId !== null);
}

type Facts = {
  /** What the user's balance gave (−) or received (+) in this transaction, and what went to the purpose. */
  userCents: Map<string, number>;
  purposeCents: Map<string, number>;
  cardCents: Map<string, number>;
  orders: Map<string, { number: number; title: string; included: string[] }>;
  emails: Map<string, string>;
  /** The transactions that were their task's first payment (the one that lets a Geek start). */
  firstPayments: Set<string>;
};

const TASK_PAYMENT_KINDS = kindsPaying('task');

/** Everything the receipts of a batch show, in one query per table (never one per receipt). */
async function factsOf(db: Db, due: Due[]): Promise<Facts> {
  const ids = due.map((d) => d.id);
  const paymentIds = [...new Set(due.map((d) => paymentIdOf(d.idempotencyKey)).filter((p) => p !== null))];
  const orderIds = [...new Set(due.map((d) => d.orderId).filter((o) => o !== null))];
  const userIds = [...new Set(due.map((d) => d.userId))];
  const [entries, cards, orderRows, userRows, firstRows] = await Promise.all([
    db
      .select({
        transactionId: ledgerEntries.transactionId,
        accountType: ledgerEntries.accountType,
        amountCents: ledgerEntries.amountCents,
      })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.transactionId, ids)),
    paymentIds.length
      ? db
          .select({
            id: payments.id,
            userId: payments.userId,
            amountCents: payments.amountCents,
            status: payments.status,
          })
          .from(payments)
          .where(inArray(payments.id, paymentIds))
      : [],
    orderIds.length
      ? db
          .select({ id: orders.id, number: orders.number, title: orders.title, services: orders.services })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : [],
    db.select({ id: users.id, email: users.notificationEmail }).from(users).where(inArray(users.id, userIds)),
    orderIds.length
      ? db
          .selectDistinctOn([ledgerTransactions.orderId], { id: ledgerTransactions.id })
          .from(ledgerTransactions)
          .where(
            and(
              inArray(ledgerTransactions.orderId, orderIds),
              inArray(ledgerTransactions.kind, TASK_PAYMENT_KINDS),
            ),
          )
          .orderBy(ledgerTransactions.orderId, ledgerTransactions.createdAt, ledgerTransactions.id)
      : [],
  ]);
  const userCents = new Map<string, number>();
  const purposeCents = new Map<string, number>();
  for (const e of entries) {
    if (e.accountType === 'user')
      userCents.set(e.transactionId, (userCents.get(e.transactionId) ?? 0) + e.amountCents);
    else if (e.amountCents > 0)
      purposeCents.set(e.transactionId, (purposeCents.get(e.transactionId) ?? 0) + e.amountCents);
  }
  return {
    userCents,
    purposeCents,
    cardCents: new Map(
      cards.filter((c) => c.status === 'succeeded').map((c) => [`${c.userId}:${c.id}`, c.amountCents]),
    ),
    orders: new Map(
      orderRows.map((o) => [
        o.id,
        {
          number: o.number,
          title: o.title,
          // Decision 037: the add-ons the client's plan gave the task for free.
          included: o.services
            .filter((sv) => sv.included && sv.tag in ADD_ON_LABELS)
            .map((sv) => ADD_ON_LABELS[sv.tag as AddOnService]),
        },
      ]),
    ),
    emails: new Map(userRows.map((u) => [u.id, u.email])),
    firstPayments: new Set(firstRows.map((r) => r.id)),
  };
}

type Receipt = {
  subject: string;
  what: string;
  lines: string[];
  path: string;
  marker?: 'orderemail';
  button: string;
};

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The receipt's words: what was paid for and how, with the amounts the ledger recorded. */
function describe(d: Due, f: Facts): Receipt {
  const card = f.cardCents.get(`${d.userId}:${paymentIdOf(d.idempotencyKey)}`) ?? 0;
  const order = d.orderId ? f.orders.get(d.orderId) : undefined;
  const taskLine = order ? [`Task #${order.number}: ${order.title}`] : [];
  if (pays(d.kind, 'top_up') || pays(d.kind, 'card_credit')) {
    const credited = f.userCents.get(d.id) ?? 0;
    const kept = pays(d.kind, 'card_credit');
    return {
      subject: kept ? 'Receipt: card payment added to your balance' : 'Receipt: balance top-up',
      what: kept ? 'Card payment added to your balance' : 'Balance top-up',
      lines: [
        `Amount: ${formatDollars(credited)}`,
        `Paid by card: ${formatDollars(credited)}`,
        ...(kept
          ? [`What it was for could no longer take it, so the money is on your balance, ready to use.`]
          : []),
      ],
      path: '/balance',
      button: 'See your balance',
    };
  }
  const total = f.purposeCents.get(d.id) ?? 0;
  const byCard = Math.min(card, total);
  const paidWith = [
    ...(byCard > 0 ? [`Paid by card: ${formatDollars(byCard)}`] : []),
    ...(total - byCard > 0 ? [`Paid from your balance: ${formatDollars(total - byCard)}`] : []),
  ];
  if (pays(d.kind, 'subscription'))
    return {
      subject: `Receipt: ${d.memo ?? 'subscription'}`,
      what: `${d.memo ?? 'Subscription'}, one month`,
      lines: [`Amount: ${formatDollars(total)}`, ...paidWith],
      path: '/subscription',
      button: 'See your subscription',
    };
  const what = d.memo ?? historyLine(d.kind, order?.number ?? null);
  // The task's first payment has no status mail of its own (decision 024): its receipt says what it means, in
  // the words of the checkout's success popup.
  const first = f.firstPayments.has(d.id)
    ? [`${TASK_PAYMENT_RECEIVED.lead}. ${TASK_PAYMENT_RECEIVED.text}`]
    : [];
  const included =
    !pays(d.kind, 'tip') && order?.included.length
      ? [`${INCLUDED_IN_PLAN}: ${order.included.join(', ')} (${formatDollars(0)})`]
      : [];
  return {
    subject: `Receipt: ${what}`,
    what,
    lines: [...taskLine, `Amount: ${formatDollars(total)}`, ...paidWith, ...included, ...first],
    path: d.orderId ? `/order/${d.orderId}` : '/orders',
    marker: 'orderemail',
    button: 'Open your task',
  };
}

/**
 * Queues the receipts still due (for one user, or for everyone in the sweep). Each runs in its own small
 * transaction after the payment's; the outbox key makes a second call a no-op. Returns how many were queued.
 */
export async function queueReceipts(ctx: AppContext, userId?: string): Promise<number> {
  const db = ctx.database.db;
  const due = await dueReceipts(db, ctx.now(), userId);
  if (due.length === 0) return 0;
  const facts = await factsOf(db, due);
  let queued = 0;
  for (const d of due) {
    const to = facts.emails.get(d.userId);
    if (!to) continue;
    const r = describe(d, facts);
    const done = await db
      .transaction(async (tx) => {
        const href = await mailLink(ctx, tx, d.userId, r.path, r.marker);
        const { html, text } = renderMail({
          preview: `${r.what}: ${r.lines.find((l) => l.startsWith('Amount'))?.slice(8) ?? ''}`,
          heading: 'Thank you for your payment',
          paragraphs: [r.what, ...r.lines, `Date: ${when(d.createdAt)}`, `Receipt number: ${d.id}`],
          button: { label: r.button, href },
        });
        const ok = await ctx.mailer.enqueue(
          tx,
          { to, subject: r.subject, text, html },
          { dedupeKey: receiptKey(d.id) },
        );
        // Another process queued it first: drop the log-in token issued for this copy.
        if (!ok) tx.rollback();
        return ok;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return false;
        throw err;
      });
    if (done) queued++;
  }
  if (queued > 0) ctx.mailer.kick();
  return queued;
}

/**
 * After a payment's commit: queue its receipt now. A failure is logged and left to the sweep; it never reaches
 * the payment, which has already committed.
 */
export async function receiptsAfterCommit(ctx: AppContext, userId: string) {
  await queueReceipts(ctx, userId).catch((err) => console.error('receipt mail', err));
}

/** Every minute, in each process: receipts a crash or failure left unsent (the outbox key keeps it once). */
export function startReceiptSweep(ctx: AppContext) {
  return every(SWEEP_MS, 'receipt sweep', () => queueReceipts(ctx));
}
