import { randomBytes } from 'node:crypto';
import { centsToDollars } from '@geekly/domain/money.ts';
import {
  type EraseAccountBody,
  type ErasurePreview,
  PERSONAL_DATA_MESSAGES,
} from '@geekly/domain/users/personal-data.ts';
import { renderMail } from '../../adapters/mail/templates/render-mail.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow, UserRow } from '../../db/rows.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { hashToken } from '../auth/login-tokens.ts';
import { verifyPassword } from '../auth/password.ts';
import { accountBalanceCents, postLedgerTransaction } from '../ledger/index.ts';
import { refundOrder } from '../orders/apply-order-transition.ts';
import { writeOrderRow } from '../orders/index.ts';
import { processCardRefunds } from '../payments/card-refunds.ts';
import { cancelSubscription } from '../subscriptions/cancel-subscription.ts';
import { userSubscriptionRows } from '../subscriptions/index.ts';
import { findUserById } from '../users/index.ts';
import {
  anonymizeUser,
  erasePersonalRows,
  findUserByErasureToken,
  lockUser,
  lockUserOrders,
  setErasureToken,
  uploadedKeys,
} from './erase.repository.ts';
import { pendingCardRefundCents } from './money-in-flight.repository.ts';

const ERASURE_LINK_TTL_MS = 24 * 3_600_000;

const DONE_STATUSES = new Set(['Completed', 'Refund Accepted', 'Revision Completed', 'Deleted']);

/** Decision 058: a paid task whose work has not been delivered (its money is still held for it). */
const isPaidUndelivered = (o: OrderRow) =>
  o.paidCents > 0 &&
  o.deliveredAt === null &&
  !o.refunded &&
  !DONE_STATUSES.has(o.systemClientStatus) &&
  o.systemClientStatus !== 'Refund Requested';
const isRefundRequestWaiting = (o: OrderRow) =>
  o.paidCents > 0 && o.systemClientStatus === 'Refund Requested';

const moneyTask = (o: OrderRow) => ({ number: o.number, title: o.title, paid: centsToDollars(o.paidCents) });

/** GET /users/client/me/erasure: what deleting the account would do to money in flight, before confirming. */
export async function erasurePreview(ctx: AppContext, user: UserRow): Promise<ErasurePreview> {
  const db = ctx.database.db;
  const { orders, balanceCents, pendingRefundCents } = await db.transaction(async (tx) => ({
    orders: await lockUserOrders(tx, user.id),
    balanceCents: await accountBalanceCents(tx, 'user', user.id),
    pendingRefundCents: await pendingCardRefundCents(tx, user.id),
  }));
  return {
    password_required: user.passwordHash !== null,
    balance: centsToDollars(Math.max(0, balanceCents)),
    tasks_refunded: orders.filter(isPaidUndelivered).map(moneyTask),
    refunds_pending: centsToDollars(pendingRefundCents),
    refund_requests_waiting: orders.filter(isRefundRequestWaiting).map(moneyTask),
  };
}

type Erasure = { actor: { type: 'self' } | { type: 'staff'; staff: UserRow; reason: string } };

/**
 * Erases the account's personal data in one transaction (decision 058): money in flight is settled first (a paid
 * task not delivered is refunded, the card share to the card; the balance is forfeited, as Terms §6 says), then
 * every personal row goes and the account row stays without a person. After the commit the student's objects
 * leave storage and the card refunds are carried out.
 */
async function erase(ctx: AppContext, userId: string, how: Erasure) {
  const db = ctx.database.db;
  const seen = await findUserById(db, userId);
  if (seen?.role !== 'client') throw notFound('User not found');
  if (seen.erasedAt) return;
  // A subscription billed by the gateway is stopped there first, outside any lock (as Cancel does).
  for (const sub of await userSubscriptionRows(db, userId))
    if (!sub.cancelAtPeriodEnd && (sub.status === 'active' || sub.status === 'past_due'))
      await cancelSubscription(ctx, seen, sub.id);
  const result = await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user || user.erasedAt) return null;
    const now = ctx.now();
    const orders = await lockUserOrders(tx, user.id);
    const waiting = orders.filter(isRefundRequestWaiting);
    if (waiting.length > 0)
      throw new AppError(
        'NOT_ALLOWED',
        PERSONAL_DATA_MESSAGES.refundRequestWaiting(waiting.map((o) => `task #${o.number}`).join(', ')),
        { errorType: 'refund_request_waiting' },
      );
    const refunded = await refundUndelivered(tx, orders.filter(isPaidUndelivered));
    const forfeited = await forfeitBalance(tx, user);
    const keys = await uploadedKeys(tx, user.id);
    await erasePersonalRows(
      tx,
      user,
      orders.map((o) => o.id),
      now,
    );
    await anonymizeUser(tx, user.id, now);
    if (how.actor.type === 'staff')
      await writeAudit(tx, staffActor(how.actor.staff), {
        action: 'erase_user',
        subjectId: user.id,
        details: {
          reason: how.actor.reason,
          tasks_refunded: refunded.length,
          balance_forfeited: centsToDollars(forfeited),
        },
        at: now,
      });
    return { keys, refunded };
  });
  if (!result) return;
  // After the commit: nothing reads these keys any more. A failure is left to the stale-object sweep's logs.
  for (const key of result.keys) await ctx.storage.remove(key).catch(() => {});
  for (const orderId of result.refunded) await processCardRefunds(ctx, orderId).catch(() => {});
}

/** Each paid task not delivered is cancelled and refunded: the card share to its card, the rest to the balance. */
async function refundUndelivered(tx: Db, orders: OrderRow[]): Promise<string[]> {
  for (const o of orders) {
    await refundOrder(tx, o, 'card', o.paidCents, `erasure-refund:${o.id}`);
    await writeOrderRow(tx, o.id, {
      systemClientStatus: 'Refund Accepted',
      refunded: true,
      refundTo: 'card',
    });
  }
  return orders.map((o) => o.id);
}

/** Terms §6: balance money cannot be withdrawn or refunded, so an erased account's balance is forfeited. */
async function forfeitBalance(tx: Db, user: UserRow): Promise<number> {
  const balance = await accountBalanceCents(tx, 'user', user.id);
  if (balance <= 0) return 0;
  await postLedgerTransaction(tx, {
    idempotencyKey: `erasure-forfeit:${user.id}`,
    kind: 'erasure_balance_forfeit',
    userId: user.id,
    memo: 'Balance forfeited when the account was deleted',
    entries: [
      { account: { type: 'user', id: user.id }, amountCents: -balance },
      { account: { type: 'revenue' }, amountCents: balance },
    ],
  });
  return balance;
}

/**
 * DELETE /users/client/me: with the password, at once (204). An account with no password (Google only) gets a
 * link by mail instead (202); opening it erases.
 */
export async function eraseOwnAccount(
  ctx: AppContext,
  user: UserRow,
  body: EraseAccountBody,
): Promise<'erased' | 'mailed'> {
  if (user.passwordHash === null) {
    await mailErasureLink(ctx, user);
    return 'mailed';
  }
  if (!body.password)
    throw new AppError('VALIDATION', PERSONAL_DATA_MESSAGES.passwordRequired, {
      errorType: 'validation',
      errorValue: { password: PERSONAL_DATA_MESSAGES.passwordRequired },
    });
  if (!(await verifyPassword(user.passwordHash, body.password)))
    throw new AppError('WRONG_PASSWORD', PERSONAL_DATA_MESSAGES.incorrectPassword, {
      errorType: 'incorrect_password',
    });
  await erase(ctx, user.id, { actor: { type: 'self' } });
  return 'erased';
}

async function mailErasureLink(ctx: AppContext, user: UserRow) {
  const token = randomBytes(32).toString('base64url');
  const href = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/delete-account/${token}`;
  const { html, text } = renderMail({
    preview: 'Confirm that you want to delete your Geekly account.',
    heading: 'Delete your Geekly account',
    paragraphs: [
      'You asked us to delete your Geekly account and the personal data it holds.',
      'Press the button within 24 hours to confirm. It cannot be undone.',
      'If you did not ask for this, ignore this e-mail: nothing changes.',
    ],
    button: { label: 'Delete my account', href },
  });
  await ctx.database.db.transaction(async (tx) => {
    await setErasureToken(tx, user.id, hashToken(token), new Date(ctx.now().getTime() + ERASURE_LINK_TTL_MS));
    await ctx.mailer.enqueue(tx, {
      to: user.notificationEmail,
      subject: 'Confirm: delete your Geekly account',
      text,
      html,
    });
  });
  ctx.mailer.kick();
}

/** POST /users/client/me/erasure/confirm: the mailed link's token erases its account (no session needed). */
export async function confirmErasure(ctx: AppContext, token: string) {
  const user = await findUserByErasureToken(ctx.database.db, hashToken(token), ctx.now());
  if (!user) throw new AppError('NOT_FOUND', PERSONAL_DATA_MESSAGES.confirmLinkRefused);
  await erase(ctx, user.id, { actor: { type: 'self' } });
}

/** POST /ops/users/{id}/erase: an admin erases an account on request; the reason is audited. */
export async function eraseAccountForStaff(ctx: AppContext, staff: UserRow, userId: string, reason: string) {
  if (staff.staffRole !== 'admin')
    throw new AppError('FORBIDDEN', 'Only an admin erases an account', { errorType: 'admin_only' });
  if (!isUuid(userId)) throw notFound('User not found');
  await erase(ctx, userId, { actor: { type: 'staff', staff, reason } });
}
