import { allowedOperatorTransitions } from '@geekly/domain/ops/back-office.ts';
import { countDeliverableFinalDrafts } from '@geekly/domain/orders/geek-files.ts';
import type { TransitionInputs, TransitionName } from '@geekly/domain/orders/order-machine.ts';
import type { AppContext } from '../../app-context.ts';
import type { OrderRow, UserRow } from '../../db/rows.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import { type AuditActor, auditedOrderFields, staffActor, writeAudit } from '../audit/audit.ts';
import { finalDraftInputs } from '../files/index.ts';
import { blockedByTaskClient, lockClientGeekChoices, markGeekSeen, opsGeekView } from '../geeks/index.ts';
import { accountBalanceCents } from '../ledger/index.ts';
import { applyOrderTransition, type Loaded } from '../orders/apply-order-transition.ts';
import { findOrderById } from '../orders/index.ts';
import { orderView } from '../orders/list-orders.ts';
import { priceOrder } from '../orders/order-pricing.ts';
import { orderState } from '../orders/order-view.ts';
import { findClient, findGeek, listGeeks } from './ops.repository.ts';
import { auditingRefusals, checkStaffMoney } from './staff-money-limit.ts';

/** A task as its client sees it, with its client and the operator transitions the machine allows now. */
async function opsView(ctx: AppContext, row: OrderRow) {
  const db = ctx.database.db;
  const now = ctx.now();
  const paidCents = await accountBalanceCents(db, 'order', row.id);
  const [view, client, priced, geek, drafts] = await Promise.all([
    orderView(ctx, row),
    findClient(db, row.userId),
    priceOrder(db, row, paidCents, now),
    row.geekId ? findGeek(db, row.geekId) : undefined,
    finalDraftInputs(db, row.id),
  ]);
  // Deliver is offered only with a final draft the client will see (the machine's guard, decision 015).
  const state = {
    ...orderState(row, paidCents, priced),
    finalDraftCount: countDeliverableFinalDrafts(drafts),
  };
  return {
    ...view,
    user_id: row.userId,
    number: row.number,
    client_email: client?.email ?? '',
    geek_name: geek?.publicFullName ?? null,
    tags: row.tags,
    refund_comment: row.refundComment,
    refund_to: row.refundTo,
    operator_transitions: allowedOperatorTransitions(state, now),
  };
}

/** GET /ops/geeks: every Geek with subjects, load and whether they are disabled. */
export async function assignableGeeks(ctx: AppContext) {
  const rows = await listGeeks(ctx.database.reportsDb);
  return rows.map((g) => ({ ...opsGeekView(g, g.loginEmail), load: g.load }));
}

/** GET /ops/orders/:id: any task, as its client sees it, with its client. */
export async function operatorOrder(ctx: AppContext, orderId: string) {
  const row = await findOrderById(ctx.database.db, orderId);
  if (!row) throw notFound('Order not found');
  return opsView(ctx, row);
}

/** Transitions that are the Geek's own doing: the Geek counts as online (decision 022). */
const GEEK_TRANSITIONS: readonly TransitionName[] = [
  'assign_geek',
  'start_work',
  'deliver',
  'deliver_revision',
];

type AppliedHook = (tx: Parameters<typeof writeAudit>[0], before: OrderRow, after: OrderRow) => Promise<void>;

/**
 * An operator transition through the state machine, with its audit row in the same transaction; the back office
 * and the autopilot both come here. assign_geek takes an enabled Geek the task's client has not blocked. `opts.onApplied` runs in the same
 * transaction too (the autopilot records its step there, decision 022).
 */
export async function runOperatorTransition(
  ctx: AppContext,
  actor: AuditActor,
  orderId: string,
  input: { name: TransitionName; writer_id?: string | undefined; note?: string | undefined },
  opts: {
    onApplied?: AppliedHook;
    /** The staff account acting: a `support` one is held to decision 029's money limits. */
    staff?: UserRow;
  } = {},
) {
  // What an accepted refund request gives back: the task's paid amount, read under the task's lock.
  let refundCents = 0;
  const caller = {
    actor: 'staff',
    userId: null,
    actorId: actor.type === 'staff' ? actor.id : null,
  } as const;
  const onApplied: AppliedHook = async (tx, before, after) => {
    await writeAudit(tx, actor, {
      action: `transition:${input.name}`,
      orderId: before.id,
      before: auditedOrderFields(before),
      after: auditedOrderFields(after),
      ...(input.name === 'accept_refund' ? { amountCents: refundCents, at: ctx.now() } : {}),
    });
    if (after.geekId && GEEK_TRANSITIONS.includes(input.name))
      await markGeekSeen(tx, after.geekId, ctx.now());
    await opts.onApplied?.(tx, before, after);
  };
  if (input.name === 'assign_geek') {
    const geek = input.writer_id ? await findGeek(ctx.database.db, input.writer_id) : undefined;
    if (!geek || geek.isDisabled) throw validationError({ writer_id: 'Choose a Geek from the list' });
    // Checked in the transaction, under the lock a student's block takes too: a block made in the same instant
    // is either seen here or made after the assignment.
    const notBlocked: AppliedHook = async (tx, before, after) => {
      await lockClientGeekChoices(tx, before.userId);
      if (await blockedByTaskClient(tx, before.id, geek.id))
        throw validationError({ writer_id: 'The student blocked this Geek: choose another one' });
      await onApplied(tx, before, after);
    };
    return applyOrderTransition(
      ctx,
      caller,
      orderId,
      'assign_geek',
      { geekId: geek.id },
      { onApplied: notBlocked },
    );
  }
  if (input.name === 'return_to_geek') {
    const note = input.note?.trim();
    if (!note) throw validationError({ note: 'Tell the Geek what to fix' });
    return applyOperatorReturn(ctx, caller, orderId, note, onApplied);
  }
  // Every other operator transition takes no input.
  const noInput = {} as TransitionInputs['start_work'];
  if (input.name === 'accept_refund') {
    // Decision 029: the refund is checked against the staff account's limits in the transition's transaction.
    const staff = opts.staff;
    if (actor.type === 'staff' && !staff) throw new Error('accept_refund by staff needs the staff account');
    const checked = async ({ tx, row, paidCents }: Loaded) => {
      refundCents = paidCents;
      if (staff)
        await checkStaffMoney(ctx, tx, staff, {
          action: 'accept_refund',
          amountCents: paidCents,
          orderId: row.id,
        });
      return noInput;
    };
    return applyOrderTransition(ctx, caller, orderId, input.name, checked, { onApplied });
  }
  return applyOrderTransition(ctx, caller, orderId, input.name, noInput, { onApplied });
}

const applyOperatorReturn = (
  ctx: AppContext,
  caller: { actor: 'staff'; userId: null; actorId: string | null },
  orderId: string,
  note: string,
  onApplied: AppliedHook,
) => applyOrderTransition(ctx, caller, orderId, 'return_to_geek', { note }, { onApplied });

/** POST /ops/orders/:id/transitions */
export async function applyOperatorTransition(
  ctx: AppContext,
  staff: UserRow,
  orderId: string,
  input: { name: TransitionName; writer_id?: string | undefined; note?: string | undefined },
) {
  const row = await auditingRefusals(ctx, staff, () =>
    runOperatorTransition(ctx, staffActor(staff), orderId, input, { staff }),
  );
  return opsView(ctx, row);
}
