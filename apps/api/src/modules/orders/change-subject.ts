import type { GroupSubjectPreview } from '@geekly/domain/orders/order-form-schemas.ts';
import { subjectKeptBecause } from '@geekly/domain/orders/order-status.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { applyOrderTransition } from './apply-order-transition.ts';
import { statusInput } from './order-view.ts';
import { userOrderIdsBySubject, userOrdersBySubject } from './orders.repository.ts';

/**
 * GET /orders/subject-change?from=… (issue 34): what a group change would do, told before it is confirmed — every
 * task of the caller on that course, filtered or not loaded on the list included — by the rule the change runs.
 */
export async function previewGroupSubject(
  ctx: AppContext,
  user: UserRow,
  from: string,
): Promise<GroupSubjectPreview> {
  const preview = { from, moving: 0, kept_delivered: 0, kept_refund: 0 };
  for (const row of await userOrdersBySubject(ctx.database.db, user.id, from)) {
    const kept = subjectKeptBecause(statusInput(row, row.paidCents));
    if (kept === 'delivered') preview.kept_delivered++;
    else if (kept === 'refund') preview.kept_refund++;
    else preview.moving++;
  }
  return preview;
}

/**
 * POST /orders/subject-change (docs/product/http-api.md "subject change for a group of orders", decision 038): every task of
 * the group moves to the new course through the `change_subject` transition, each under its own lock; a task
 * whose state refuses it (delivered, refunded) keeps its course and is counted as kept.
 */
export async function changeGroupSubject(ctx: AppContext, user: UserRow, from: string, subject: string) {
  const caller = { actor: 'student', userId: user.id, actorId: user.id } as const;
  let changed = 0;
  let kept = 0;
  for (const id of await userOrderIdsBySubject(ctx.database.db, user.id, from)) {
    try {
      await applyOrderTransition(ctx, caller, id, 'change_subject', { subject });
      changed++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      kept++;
    }
  }
  return { changed, kept, subject };
}
