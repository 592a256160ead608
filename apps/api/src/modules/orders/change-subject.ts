import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../users/users.repository.ts';
import { applyOrderTransition } from './apply-order-transition.ts';
import { userOrderIdsBySubject } from './orders.repository.ts';

/**
 * POST /orders/subject-change (seed 000 §7 "subject change for a group of orders", decision 038): every task of
 * the group moves to the new course through the `change_subject` transition, each under its own lock; a task
 * whose state refuses it (delivered, refunded) keeps its course and is counted as kept.
 */
export async function changeGroupSubject(ctx: AppContext, user: UserRow, from: string, subject: string) {
  const caller = { actor: 'client', userId: user.id, actorId: user.id } as const;
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
