import { randomUUID } from 'node:crypto';
import { countDeliverableFinalDrafts } from '@geekly/domain/orders/geek-files.ts';
import {
  type OrderEffect,
  type OrderState,
  QUALITY_CHECK_TAG,
  runTransition,
  type TransitionActor,
  type TransitionInput,
  type TransitionName,
  type TransitionPatch,
  type TransitionRefusal,
} from '@geekly/domain/orders/order-machine.ts';
import { refundSplit } from '@geekly/domain/payments/rewards.ts';
import { and, eq, like } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { ledgerTransactions, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { accountBalanceCents, postLedgerTransaction } from '../ledger/index.ts';
import { mailLink } from '../notifications/mail-links.ts';
import { receiptsAfterCommit } from '../notifications/receipts.ts';
import { processCardRefunds, queueCardRefunds } from '../payments/card-refunds.ts';
import { recordGeekEarning } from '../payments/geek-earnings.ts';
import { cashbackGivenCents, cashbackKeptBackCents, grantRewards } from '../payments/rewards.ts';
import { reverseReferralBonus, settleReferralBonus } from '../referral/referral-bonus.ts';
import { afterTransition } from './after-transition.ts';
import { orderNoticeMail } from './order-notices.ts';
import { type PricedOrder, priceOrder } from './order-pricing.ts';
import { orderState } from './order-view.ts';
import {
  insertTransitionLog,
  lockOrder,
  type NewOrderRow,
  type OrderRow,
  writeOrderRow,
} from './orders.repository.ts';

type TransitionCaller = {
  actor: TransitionActor;
  /** The client's id scopes the order to its owner; operators and the gateway see every order. */
  userId: string | null;
  actorId: string | null;
};

export type Loaded = {
  tx: Db;
  now: Date;
  row: OrderRow;
  paidCents: number;
  priced: PricedOrder;
  state: OrderState;
};

const REFUSALS: Record<TransitionRefusal, () => AppError> = {
  // docs/product/http-api.md: the server's words for a change to a locked task.
  order_locked: () =>
    new AppError('ORDER_LOCKED', "Can't change details. Please contact support", {
      errorType: 'order_locked',
    }),
  order_deleted: () => new AppError('NOT_ALLOWED', 'This task was deleted', { errorType: 'order_deleted' }),
  not_allowed: () =>
    new AppError('NOT_ALLOWED', 'This is not possible for the task in its current state', {
      errorType: 'not_allowed',
    }),
  bad_deadline: () =>
    new AppError('VALIDATION', 'The deadline is too early for the number of pages', {
      errorType: 'bad_deadline',
    }),
  no_price: () => new AppError('VALIDATION', 'The task has no price yet', { errorType: 'no_price' }),
  wrong_amount: () =>
    new AppError('NOT_ALLOWED', 'The amount does not match what is due', { errorType: 'wrong_amount' }),
  revision_deadline_too_early: () =>
    new AppError('VALIDATION', 'Please give us at least 24 hours to complete your revision.', {
      errorType: 'validation',
      errorValue: { revision_deadline: 'Please give us at least 24 hours to complete your revision.' },
    }),
  writer_required: () =>
    new AppError('VALIDATION', 'Choose a Geek', {
      errorType: 'validation',
      errorValue: { writer_id: 'Choose a Geek' },
    }),
  add_on_disabled: () =>
    new AppError('NOT_ALLOWED', 'This add-on is not available for the task now', {
      errorType: 'add_on_disabled',
    }),
  add_on_already_added: () =>
    new AppError('NOT_ALLOWED', 'This add-on is already added', { errorType: 'add_on_already_added' }),
  add_on_not_added: () =>
    new AppError('NOT_ALLOWED', 'This add-on is not added', { errorType: 'add_on_not_added' }),
  add_on_paid: () =>
    new AppError('NOT_ALLOWED', 'A paid add-on cannot be removed', { errorType: 'add_on_paid' }),
  final_draft_required: () =>
    new AppError('NOT_ALLOWED', 'Attach a final draft before delivering the task', {
      errorType: 'final_draft_required',
    }),
  refund_window_over: () =>
    new AppError('NOT_ALLOWED', 'A refund can be requested within 60 days after the task was completed', {
      errorType: 'refund_window_over',
    }),
  preferred_geek_required: () =>
    new AppError('VALIDATION', 'Please choose a Geek from the list', {
      errorType: 'validation',
      errorValue: { writer_id: 'Please choose a Geek from the list' },
    }),
};

export const refusalError = (refusal: TransitionRefusal) => REFUSALS[refusal]();

function patchColumns(p: TransitionPatch): Partial<NewOrderRow> {
  const c: Partial<NewOrderRow> = {};
  if (p.title !== undefined) c.title = p.title;
  if (p.subject !== undefined) c.subject = p.subject;
  if (p.details !== undefined) c.details = p.details;
  if (p.size !== undefined) c.size = p.size;
  if (p.deadline !== undefined) c.deadline = p.deadline;
  if (p.request_type !== undefined) c.requestType = p.request_type;
  if (p.discount !== undefined) c.discount = p.discount;
  if (p.additional !== undefined) c.additional = p.additional;
  if (p.tags !== undefined) c.tags = p.tags;
  if (p.services !== undefined) c.services = p.services;
  if (p.system_client_status !== undefined) c.systemClientStatus = p.system_client_status;
  if (p.client_status !== undefined) c.clientStatus = p.client_status;
  if (p.writer_id !== undefined) c.geekId = p.writer_id;
  if (p.client_paid_at !== undefined) c.clientPaidAt = p.client_paid_at;
  if (p.client_paid_at_first !== undefined) c.clientPaidAtFirst = p.client_paid_at_first;
  if (p.client_accept_at !== undefined) c.clientAcceptAt = p.client_accept_at;
  if (p.mark !== undefined) c.mark = p.mark;
  if (p.feedback !== undefined) c.feedback = p.feedback;
  if (p.feedback_tags !== undefined) c.feedbackTags = p.feedback_tags;
  if (p.client_revision_at !== undefined) c.clientRevisionAt = p.client_revision_at;
  if (p.revision_comment !== undefined) c.revisionComment = p.revision_comment;
  if (p.revision_deadline !== undefined) c.revisionDeadline = p.revision_deadline;
  if (p.revision_accept_at !== undefined) c.revisionAcceptAt = p.revision_accept_at;
  if (p.refund_comment !== undefined) c.refundComment = p.refund_comment;
  if (p.refund_to !== undefined) c.refundTo = p.refund_to;
  if (p.refunded !== undefined) c.refunded = p.refunded;
  if (p.work_started_at !== undefined) c.workStartedAt = p.work_started_at;
  if (p.tips_paid_cents !== undefined) c.tipsPaidCents = p.tips_paid_cents;
  if (p.client_remove !== undefined) c.clientRemove = p.client_remove;
  if (p.delivered_at !== undefined) c.deliveredAt = p.delivered_at;
  if (p.geek_earned_at !== undefined) c.geekEarnedAt = p.geek_earned_at;
  if (p.check_note !== undefined) c.checkNote = p.check_note;
  if (p.check_requested_at !== undefined) c.checkRequestedAt = p.check_requested_at;
  return c;
}

/** Spends from the balance under the user's row lock, so concurrent spends never overdraw it. */
async function debitBalance(tx: Db, userId: string, amountCents: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const balance = await accountBalanceCents(tx, 'user', userId);
  if (balance < amountCents) {
    throw new AppError('INSUFFICIENT_BALANCE', 'Not enough money on your balance', {
      errorType: 'insufficient_balance',
      errorValue: { available_balance: balance / 100 },
    });
  }
}

/**
 * Gives a task's paid money back (decision 010): to the balance at once; to the card, through the gateway after
 * the commit, for what the card paid for this task, and the rest (paid from the balance) back to the balance.
 */
export async function refundOrder(
  tx: Db,
  row: OrderRow,
  destination: 'balance' | 'card',
  amountCents: number,
  key: string,
) {
  // What the task already gave back as cashback is kept back (decision 012): the client ends with what they paid.
  // A task refunded in parts keeps the cashback back once (decision 021).
  const owed = (await cashbackGivenCents(tx, row.id)) - (await cashbackKeptBackCents(tx, row.id));
  const { toClientCents, keptBackCents } = refundSplit(amountCents, owed);
  if (keptBackCents > 0)
    await postLedgerTransaction(tx, {
      idempotencyKey: `${key}:cashback`,
      kind: 'refund_cashback_kept',
      userId: row.userId,
      orderId: row.id,
      memo: `Cashback of task #${row.number} kept back from its refund`,
      entries: [
        { account: { type: 'order', id: row.id }, amountCents: -keptBackCents },
        { account: { type: 'revenue' }, amountCents: keptBackCents },
      ],
    });
  const left = destination === 'card' ? await queueCardRefunds(tx, row, toClientCents, key) : toClientCents;
  const split = { toCardCents: toClientCents - left, toBalanceCents: left, keptBackCents };
  if (left > 0)
    await postLedgerTransaction(tx, {
      idempotencyKey: `${key}:balance`,
      kind: 'refund_balance',
      userId: row.userId,
      orderId: row.id,
      memo: `Refund of task #${row.number}`,
      entries: [
        { account: { type: 'order', id: row.id }, amountCents: -left },
        { account: { type: 'user', id: row.userId }, amountCents: left },
      ],
    });
  // Decision 029: a refund of the task that earned its client's referrer the bonus takes the bonus back.
  await reverseReferralBonus(tx, row);
  return split;
}

/**
 * Names a task payment the way its receipt does: a tip; the first payment (the 30% deposit, or the whole
 * task); the payment after a deposit (the remaining 70%, with any add-ons chosen meanwhile); or a later one
 * (add-ons bought after the task was paid).
 */
async function paymentMemo(
  tx: Db,
  row: OrderRow,
  effect: { purpose: 'order' | 'tip'; amountCents: number },
  money: { priceCents: number | null; paidCents: number },
) {
  const task = `task #${row.number}`;
  if (effect.purpose === 'tip') return `Tip for the Geek of ${task}`;
  if (money.paidCents === 0)
    return money.priceCents !== null && effect.amountCents < money.priceCents
      ? `Deposit (30%) for ${task}`
      : `Payment for ${task}`;
  const earlier = await tx
    .select({ memo: ledgerTransactions.memo })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.orderId, row.id), like(ledgerTransactions.kind, 'order_payment_%')));
  return earlier.length === 1 && earlier[0]?.memo?.startsWith('Deposit')
    ? `Remaining 70% for ${task}`
    : `Add-ons for ${task}`;
}

async function runEffects(
  ctx: AppContext,
  tx: Db,
  row: OrderRow,
  effects: OrderEffect[],
  key: string,
  money: { priceCents: number | null; paidCents: number },
) {
  const order = { type: 'order', id: row.id } as const;
  const user = { type: 'user', id: row.userId } as const;
  for (const [i, effect] of effects.entries()) {
    const idempotencyKey = `${key}:${i}`;
    const meta = { idempotencyKey, userId: row.userId, orderId: row.id };
    if (effect.kind === 'charge') {
      // Card money reaches the balance first (decision 010), so both sources spend from it under its lock.
      await debitBalance(tx, row.userId, effect.amountCents);
      const to = effect.purpose === 'tip' && row.geekId ? ({ type: 'geek', id: row.geekId } as const) : order;
      await postLedgerTransaction(tx, {
        ...meta,
        kind: `${effect.purpose === 'tip' ? 'tip' : 'order_payment'}_${effect.source}`,
        // What the payment was for, as its receipt names it (decision 024).
        memo: await paymentMemo(tx, row, effect, money),
        entries: [
          { account: user, amountCents: -effect.amountCents },
          { account: to, amountCents: effect.amountCents },
        ],
      });
      if (effect.purpose === 'order')
        await grantRewards(tx, row, money.priceCents, money.paidCents + effect.amountCents);
    } else if (effect.kind === 'refund') {
      await refundOrder(tx, row, effect.destination, effect.amountCents, idempotencyKey);
    } else if (effect.kind === 'geek_earning') {
      await recordGeekEarning(tx, row);
    } else {
      const [owner] = await tx
        .select({ email: users.notificationEmail })
        .from(users)
        .where(eq(users.id, row.userId));
      if (owner) {
        // Decision 011: the mail's link logs the owner in once and opens the task; issued in this transaction.
        const link = await mailLink(ctx, tx, row.userId, `/order/${row.id}`, 'orderemail');
        await ctx.mailer.enqueue(tx, orderNoticeMail(effect.notice, row, owner.email, link));
      }
    }
  }
}

/**
 * Applies one transition of the order state machine inside one database transaction: lock the order, price
 * it at `now`, check the guard, write the patch and the new price, carry out the effects (ledger, mail) and
 * log the transition. Any refusal or failure rolls everything back.
 */
export async function applyOrderTransition<N extends TransitionName>(
  ctx: AppContext,
  caller: TransitionCaller,
  orderId: string,
  name: N,
  input: TransitionInput<N> | ((loaded: Loaded) => TransitionInput<N> | Promise<TransitionInput<N>>),
  opts: {
    idempotencyKey?: string;
    /** Run inside this open transaction (as a savepoint: a refusal rolls back only this transition). */
    tx?: Db;
    /** Runs in the same transaction once the transition is written (the back office's audit row). */
    onApplied?: (tx: Db, before: OrderRow, after: OrderRow) => Promise<void>;
  } = {},
): Promise<OrderRow> {
  const now = ctx.now();
  const result = await (opts.tx ?? ctx.database.db).transaction(async (tx) => {
    const row = await lockOrder(tx, orderId, caller.userId);
    if (!row) throw notFound('Order not found');
    const paidCents = await accountBalanceCents(tx, 'order', row.id);
    const priced = await priceOrder(tx, row, paidCents, now, { lockCoupon: name === 'pay' });
    const state: OrderState = {
      ...orderState(row, paidCents, priced),
      finalDraftCount:
        name === 'deliver' || name === 'pass_check'
          ? countDeliverableFinalDrafts(await ctx.ports.transitions.finalDraftInputs(tx, row.id))
          : 0,
    };
    const resolved =
      typeof input === 'function'
        ? await (input as (l: Loaded) => TransitionInput<N> | Promise<TransitionInput<N>>)({
            tx,
            now,
            row,
            paidCents,
            priced,
            state,
          })
        : input;
    const outcome = runTransition(name, caller.actor, state, resolved, { now });
    if (!outcome.ok) throw refusalError(outcome.refusal);

    const transitionId = randomUUID();
    const columns = patchColumns(outcome.patch);
    const next = { ...row, ...columns } as OrderRow;
    // A task priced while changeable keeps following the clock; the price it is paid at is the one stored.
    const repriced = await priceOrder(tx, next, paidCents, now, { changeable: priced.changeable });
    const p = repriced.price;
    Object.assign(columns, {
      quotePriceCents: p.quoteCents,
      clientBasePriceCents: p.workCents,
      priceCents: p.priceCents,
      partialPriceCents: p.depositCents,
    });
    // The first payment keeps the plan's included add-ons on the task (decision 037): the price paid never
    // changes, and they stay free if the plan ends.
    if (priced.changeable && paidCents === 0 && outcome.effects.some((e) => e.kind === 'charge'))
      columns.services = repriced.price.services;
    const status = columns.systemClientStatus ?? row.systemClientStatus;
    if (status === 'New project' || status === 'Unpaid')
      columns.systemClientStatus = p.priceCents === null ? 'New project' : 'Unpaid';

    await runEffects(ctx, tx, next, outcome.effects, opts.idempotencyKey ?? `${name}:${transitionId}`, {
      priceCents: p.priceCents,
      paidCents,
    });
    const updated = await writeOrderRow(tx, row.id, columns);
    // Live event and after-delivery mails (decisions 019, 020): NOTIFY reaches the streams after the commit.
    const followUpMail = await afterTransition(ctx, tx, name, updated);
    await insertTransitionLog(tx, {
      id: transitionId,
      orderId: row.id,
      name,
      actor: caller.actor,
      actorId: caller.actorId,
      fromStatus: row.systemClientStatus,
      toStatus: updated.systemClientStatus,
      changes: JSON.parse(JSON.stringify(outcome.patch)) as Record<string, unknown>,
    });
    // Decision 029: a delivery, or a payment of a delivered task, may complete what the referral bonus waits for.
    const deliveredNow =
      ((name === 'deliver' || name === 'deliver_revision') && !updated.tags.includes(QUALITY_CHECK_TAG)) ||
      name === 'pass_check';
    // The Geek's uploads held for the quality check reach the student with the work (decision 048).
    if (deliveredNow) await ctx.ports.transitions.releaseHeldFiles(tx, row.id);
    if (
      (deliveredNow && name !== 'deliver_revision') ||
      outcome.effects.some((e) => e.kind === 'charge' && e.purpose === 'order')
    )
      await settleReferralBonus(tx, updated.userId);
    await opts.onApplied?.(tx, row, updated);
    return {
      updated,
      mails: followUpMail || outcome.effects.some((e) => e.kind === 'notify'),
      cardRefund: outcome.effects.some((e) => e.kind === 'refund' && e.destination === 'card'),
      paid: outcome.effects.some((e) => e.kind === 'charge'),
    };
  });
  if (result.mails) ctx.mailer.kick();
  // A payment's receipt, after its commit (decision 024); a webhook's payment queues it after its own commit.
  if (result.paid && !opts.tx) await receiptsAfterCommit(ctx, result.updated.userId);
  // Outside the transaction: the gateway is never called while rows are locked (a failure is retried later).
  if (result.cardRefund && !opts.tx) await processCardRefunds(ctx, orderId);
  return result.updated;
}
