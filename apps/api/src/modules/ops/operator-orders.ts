import type { TransitionInputs, TransitionName } from '@geekly/domain/orders/order-machine.ts';
import type { AppContext } from '../../app-context.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import { applyOrderTransition } from '../orders/apply-order-transition.ts';
import { orderView } from '../orders/list-orders.ts';
import { findOrderById, type OrderRow } from '../orders/orders.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { findGeek, listGeeks } from './ops.repository.ts';

const opsView = async (ctx: AppContext, row: OrderRow) => ({
  ...(await orderView(ctx, row)),
  user_id: row.userId,
});

/** GET /ops/geeks: the Geeks an operator can assign. */
export async function assignableGeeks(ctx: AppContext) {
  const rows = await listGeeks(ctx.database.db);
  return rows.map((g) => ({ _id: g.id, public_full_name: g.publicFullName, major: g.major }));
}

/** GET /ops/orders/:id: any task, as its client sees it, with its client. */
export async function operatorOrder(ctx: AppContext, orderId: string) {
  const row = await findOrderById(ctx.database.db, orderId);
  if (!row) throw notFound('Order not found');
  return opsView(ctx, row);
}

/** POST /ops/orders/:id/transitions: an operator transition; assign_geek takes an enabled Geek. */
export async function applyOperatorTransition(
  ctx: AppContext,
  staff: UserRow,
  orderId: string,
  input: { name: TransitionName; writer_id?: string | undefined },
) {
  const caller = { actor: 'operator', userId: null, actorId: staff.id } as const;
  if (input.name === 'assign_geek') {
    const geek = input.writer_id ? await findGeek(ctx.database.db, input.writer_id) : undefined;
    if (!geek || geek.isDisabled) throw validationError({ writer_id: 'Choose a Geek from the list' });
    return opsView(
      ctx,
      await applyOrderTransition(ctx, caller, orderId, 'assign_geek', { writerId: geek.id }),
    );
  }
  // Every other operator transition takes no input.
  const noInput = {} as TransitionInputs['start_work'];
  return opsView(ctx, await applyOrderTransition(ctx, caller, orderId, input.name, noInput));
}
