import { countDeliverableFinalDrafts } from '@geekly/domain/orders/geek-files.ts';
import type { TransitionName } from '@geekly/domain/orders/order-machine.ts';
import { isLookingForGeek, paymentState } from '@geekly/domain/orders/order-status.ts';
import type { AddedService } from '@geekly/domain/pricing/add-ons.ts';
import {
  type GeekTaskTransition,
  mayTakeOffer,
  type OfferGeek,
  WORKSPACE_MESSAGES,
} from '@geekly/domain/workspace/workspace-contract.ts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/rows.ts';
import { geeks } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type AuditActor, auditedOrderFields, writeAudit } from '../audit/audit.ts';
import { publishEvent } from '../events/index.ts';
import { finalDraftInputsOf, listOrderFiles } from '../files/index.ts';
import { blockedByTaskClient, lockClientGeekChoices, markGeekSeen } from '../geeks/index.ts';
import { applyOrderTransition } from '../orders/apply-order-transition.ts';
import { statusInput } from '../orders/order-view.ts';
import type { SignedInGeek } from './geek-logins.repository.ts';
import { offerView, taskDetailView, taskView } from './task-view.ts';
import { offersChanged } from './workspace-notices.ts';
import {
  findGeekTask,
  GEEK_TASKS_PAGE,
  listGeekTasks,
  markGeekRead,
  openTasksFor,
  unreadForGeek,
} from './workspace-tasks.repository.ts';

export const geekActor = (signed: SignedInGeek): AuditActor => ({
  type: 'geek',
  geekId: signed.geek.id,
  email: signed.login.email,
});

const offerGeek = (g: typeof geeks.$inferSelect): OfferGeek => ({
  id: g.id,
  subjects: g.publicSubjects,
  top: g.isTop,
  available: g.available,
  disabled: g.isDisabled,
});

const offerTask = (row: OrderRow) => ({
  subject: row.subject,
  services: row.services as AddedService[],
  paidAt: row.clientPaidAtFirst,
});

/** A task waiting for a Geek that the offers show (paid, instructions accepted by staff, no Geek). */
const isOpenTask = (row: OrderRow) =>
  row.geekId === null &&
  row.tags.includes('instr_ok') &&
  !row.clientRemove &&
  isLookingForGeek(statusInput(row, row.paidCents)) &&
  paymentState(statusInput(row, row.paidCents)) !== 'unpaid';

/** GET /workspace/offers: the tasks this Geek may take now (decision 047). */
export async function listOffers(ctx: AppContext, signed: SignedInGeek) {
  const g = signed.geek;
  if (!g.available) return { results: [] };
  const now = ctx.now();
  const rows = await openTasksFor(ctx.database.db, { id: g.id, subjects: g.publicSubjects });
  return {
    results: rows.filter((r) => mayTakeOffer(offerTask(r), offerGeek(g), now)).map((r) => offerView(r, g.id)),
  };
}

const taken = () => new AppError('CONFLICT', WORKSPACE_MESSAGES.taken, { errorType: 'taken' });

/**
 * POST /workspace/offers/:id/take: assign_geek for the geek actor, under the task's row lock, so of many Geeks
 * pressing at once one wins and the others are answered 409 'Another Geek took this task'. A task this Geek could
 * never take is a 404.
 */
export async function takeOffer(ctx: AppContext, signed: SignedInGeek, orderId: string) {
  const actor = geekActor(signed);
  const row = await applyOrderTransition(
    ctx,
    { actor: 'geek', userId: null, actorId: null },
    orderId,
    'assign_geek',
    async ({ tx, row, now }) => {
      const [me] = await tx.select().from(geeks).where(eq(geeks.id, signed.geek.id));
      if (!me) throw notFound('Task not found');
      await lockClientGeekChoices(tx, row.userId);
      const mayTake =
        row.tags.includes('instr_ok') &&
        row.paidCents > 0 &&
        !row.clientRemove &&
        mayTakeOffer(offerTask(row), offerGeek(me), now) &&
        !(await blockedByTaskClient(tx, row.id, me.id));
      if (!mayTake) throw notFound('Task not found');
      if (!isOpenTask(row)) throw taken();
      return { geekId: me.id };
    },
    {
      onApplied: async (tx, before, after) => {
        await writeAudit(tx, actor, {
          action: 'transition:assign_geek',
          orderId: before.id,
          before: auditedOrderFields(before),
          after: auditedOrderFields(after),
        });
        await markGeekSeen(tx, signed.geek.id, ctx.now());
      },
    },
  );
  return taskView(ctx, row, 0, 0);
}

/**
 * GET /workspace/tasks: a page of this Geek's tasks, each with what the machine allows them now; `next` asks for
 * the following page (`after`), null on the last.
 */
export async function listTasks(ctx: AppContext, signed: SignedInGeek, after?: string) {
  const db = ctx.database.db;
  const rows = await listGeekTasks(db, signed.geek.id, after);
  const [unread, drafts] = await Promise.all([
    unreadForGeek(db, rows),
    finalDraftInputsOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    results: rows.map((r) =>
      taskView(ctx, r, unread.get(r.id) ?? 0, countDeliverableFinalDrafts(drafts.get(r.id) ?? [])),
    ),
    next: rows.length === GEEK_TASKS_PAGE ? (rows.at(-1)?.id ?? null) : null,
  };
}

/** The Geek's own task or a 404 (another Geek's task is as unknown as a random id). */
export async function ownTask(
  ctx: AppContext,
  signed: SignedInGeek,
  orderId: string,
  db: Db = ctx.database.db,
) {
  const row = await findGeekTask(db, signed.geek.id, orderId);
  if (!row) throw notFound('Task not found');
  return row;
}

/** GET /workspace/tasks/:id */
export async function getTask(ctx: AppContext, signed: SignedInGeek, orderId: string) {
  const db = ctx.database.db;
  const row = await ownTask(ctx, signed, orderId);
  const [unread, files] = await Promise.all([unreadForGeek(db, [row]), listOrderFiles(db, row.id)]);
  return taskDetailView(ctx, row, unread.get(row.id) ?? 0, files);
}

/**
 * POST /workspace/tasks/:id/transitions: start_work, deliver, deliver_revision or give_back through the state
 * machine (actor geek), audited with the Geek as actor. With GEEK_DELIVERY_CHECK a delivery waits for staff's
 * quality check (decision 048). Give back returns the task to the offers and tells staff (the queue and stream).
 */
export async function runGeekTransition(
  ctx: AppContext,
  signed: SignedInGeek,
  orderId: string,
  name: GeekTaskTransition,
) {
  const actor = geekActor(signed);
  await ownTask(ctx, signed, orderId);
  const check = ctx.config.GEEK_DELIVERY_CHECK;
  const updated = await applyOrderTransition(
    ctx,
    { actor: 'geek', userId: null, actorId: null },
    orderId,
    name as TransitionName,
    ({ row }) => {
      // Checked again under the lock: the task may have been given to another Geek meanwhile.
      if (row.geekId !== signed.geek.id) throw notFound('Task not found');
      return (name === 'deliver' || name === 'deliver_revision' ? { check } : {}) as never;
    },
    {
      onApplied: async (tx, before, after) => {
        await writeAudit(tx, actor, {
          action: `transition:${name}`,
          orderId: before.id,
          before: auditedOrderFields(before),
          after: auditedOrderFields(after),
          ...(name === 'give_back' ? { details: { gave_back: true } } : {}),
        });
        await markGeekSeen(tx, signed.geek.id, ctx.now());
        if (name === 'give_back') {
          await publishEvent(tx, signed.geek.id, 'order', before.id);
          await offersChanged(ctx, tx, after);
        }
      },
    },
  );
  // Given back, the task is no longer theirs: its last view, without its files.
  if (updated.geekId !== signed.geek.id) return taskDetailView(ctx, updated, 0, []);
  return getTask(ctx, signed, orderId);
}

/** Marks the task's messages read by its Geek (reading the conversation). */
export async function markTaskRead(ctx: AppContext, orderId: string) {
  await markGeekRead(ctx.database.db, orderId, ctx.now());
}
