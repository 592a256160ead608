import { centsToDollars } from '@geekly/domain/money.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { notFound } from '../../lib/app-error.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { publishEvent } from '../events/index.ts';
import { accountBalanceCents } from '../ledger/index.ts';
import { findOrderById, lockOrder } from '../orders/index.ts';
import {
  auditRows,
  insertNote,
  listNotes,
  orderCardRefunds,
  orderLedger,
  orderMessageLog,
  orderPayments,
  orderTransitionLog,
} from './ops.repository.ts';

async function existingOrder(ctx: AppContext, orderId: string) {
  const row = await findOrderById(ctx.database.db, orderId);
  if (!row) throw notFound('Order not found');
  return row;
}

const noteView = (n: { id: string; body: string; createdAt: Date; authorEmail: string }) => ({
  _id: n.id,
  body: n.body,
  author: n.authorEmail,
  created_at: n.createdAt.toISOString(),
});

/** GET /ops/orders/:id/notes: staff's internal notes, oldest first (never on a client call). */
export async function orderNotesList(ctx: AppContext, orderId: string) {
  await existingOrder(ctx, orderId);
  return { results: (await listNotes(ctx.database.db, orderId)).map(noteView) };
}

/** POST /ops/orders/:id/notes, with its audit row in the same transaction. */
export async function addOrderNote(ctx: AppContext, staff: UserRow, orderId: string, body: string) {
  return ctx.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, null);
    if (!order) throw notFound('Order not found');
    const note = await insertNote(tx, { orderId: order.id, authorId: staff.id, body });
    await writeAudit(tx, staffActor(staff), { action: 'note', orderId: order.id, details: { body } });
    await publishEvent(tx, order.userId, 'records', order.id);
    return noteView({ ...note, authorEmail: staff.email });
  });
}

/** GET /ops/orders/:id/money: what was paid and how, what can still be refunded, and the task's ledger. */
export async function orderMoney(ctx: AppContext, orderId: string) {
  const db = ctx.database.db;
  await existingOrder(ctx, orderId);
  const [refundable, ledger, paymentRows, refunds] = await Promise.all([
    accountBalanceCents(db, 'order', orderId),
    orderLedger(db, orderId),
    orderPayments(db, orderId),
    orderCardRefunds(db, orderId),
  ]);
  return {
    refundable: centsToDollars(refundable),
    payments: paymentRows.map((p) => ({
      _id: p.id,
      purpose: p.purpose,
      amount: centsToDollars(p.amountCents),
      balance_use: centsToDollars(p.balanceUseCents),
      gateway: p.gateway,
      status: p.status,
      outcome: p.outcome,
      created_at: p.createdAt.toISOString(),
    })),
    card_refunds: refunds.map((r) => ({
      _id: r.id,
      amount: centsToDollars(r.amountCents),
      status: r.status,
      created_at: r.createdAt.toISOString(),
    })),
    ledger: ledger.map((l) => ({
      _id: l.id,
      kind: l.kind,
      memo: l.memo,
      order_amount: centsToDollars(Number(l.orderCents)),
      entries: l.entries.map((e) => ({
        account_type: e.account_type,
        amount: centsToDollars(Number(e.amount_cents)),
      })),
      created_at: l.createdAt.toISOString(),
    })),
  };
}

export type TimelineItem = { at: string; kind: string; who: string; text: string };

/**
 * GET /ops/orders/:id/timeline: everything that happened to the task, oldest first: status changes, money,
 * messages, notes and staff actions, each with who did it.
 */
export async function orderTimeline(ctx: AppContext, orderId: string) {
  const db = ctx.database.db;
  const order = await existingOrder(ctx, orderId);
  const [transitions, ledger, messages, notes, audit] = await Promise.all([
    orderTransitionLog(db, orderId),
    orderLedger(db, orderId),
    orderMessageLog(db, orderId),
    listNotes(db, orderId),
    auditRows(db, { orderId, limit: 500 }),
  ]);
  const items: TimelineItem[] = [
    { at: order.createdAt.toISOString(), kind: 'created', who: 'client', text: 'Task created' },
    ...transitions.map((t) => ({
      at: t.createdAt.toISOString(),
      kind: 'status',
      who: t.actorEmail ?? t.actor,
      text: `${t.name}: ${t.fromStatus} → ${t.toStatus}`,
    })),
    ...ledger.map((l) => ({
      at: l.createdAt.toISOString(),
      kind: 'money',
      who: 'ledger',
      text: `${l.memo ?? l.kind} (${l.kind}, task account ${centsToDollars(Number(l.orderCents))})`,
    })),
    ...messages.map((m) => ({
      at: m.createdAt.toISOString(),
      kind: 'message',
      who: m.senderRole,
      text: m.message.slice(0, 200),
    })),
    ...notes.map((n) => ({ at: n.createdAt.toISOString(), kind: 'note', who: n.authorEmail, text: n.body })),
    ...audit
      .filter((a) => !a.action.startsWith('transition:') && a.action !== 'note')
      .map((a) => ({
        at: a.at.toISOString(),
        kind: 'staff',
        who: a.actorEmail ?? a.actorType,
        text: `${a.action} ${JSON.stringify(a.details)}`,
      })),
  ];
  items.sort((a, b) => a.at.localeCompare(b.at));
  return { results: items };
}

/** Rows per page of GET /ops/audit: a page stays quick to read, render and check as the log grows. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * GET /ops/audit: the newest staff actions and autopilot steps, of one task or all, a page at a time; `next` is
 * the `before` of the following page, null on the last. Decision 052 (decision 027's roles): an admin sees every
 * row and every actor; a support account sees, of the whole log, its own rows and those of the tasks it worked
 * on (no staff-account changes), and other staff by their role, never their e-mail.
 */
export async function auditList(
  ctx: AppContext,
  viewer: UserRow,
  query: { orderId?: string | undefined; before?: string | undefined },
) {
  const support = viewer.staffRole !== 'admin';
  const found = await auditRows(ctx.database.db, {
    ...query,
    limit: AUDIT_PAGE_SIZE + 1,
    workedOnBy: support && !query.orderId ? viewer.id : undefined,
  });
  const rows = found.slice(0, AUDIT_PAGE_SIZE);
  const actorOf = (a: (typeof rows)[number]) => {
    if (a.actorType === 'autopilot') return 'autopilot';
    if (a.actorType === 'geek') return `Geek ${a.actorEmail ?? a.actorGeekId}`;
    if (support && a.actorId !== viewer.id) return a.actorRole ?? 'staff';
    return a.actorEmail ?? 'staff';
  };
  return {
    next: found.length > AUDIT_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
    results: rows.map((a) => ({
      _id: a.id,
      at: a.at.toISOString(),
      actor: actorOf(a),
      action: a.action,
      order_id: a.orderId,
      subject_id: a.subjectId,
      before: a.before,
      after: a.after,
      details: a.details,
    })),
  };
}
