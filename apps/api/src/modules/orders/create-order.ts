import { defaultDeadline } from '@geekly/domain/orders/deadline.ts';
import { isDeadlineTooFar, PATCH_MESSAGES } from '@geekly/domain/orders/order-form-schemas.ts';
import type { createOrderSchema } from '@geekly/domain/orders/order-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { validationError } from '../../lib/app-error.ts';
import { takeQuota } from '../limits/quotas.ts';
import { usageLimits } from '../limits/usage-limits.ts';
import {
  claimClientToken,
  findOrderIdByClientToken,
  insertOrder,
  type NewOrderRow,
} from './orders.repository.ts';

type CreateOrderInput = z.output<typeof createOrderSchema>;

/** Thrown inside the transaction to roll back a task whose toid another request claimed first. */
class ToidTaken extends Error {}

export async function createOrder(ctx: AppContext, user: UserRow, input: CreateOrderInput) {
  const { db } = ctx.database;
  const now = ctx.now();
  const deadline = input.deadline ? new Date(input.deadline) : defaultDeadline(now);
  if (isDeadlineTooFar(now, deadline)) throw validationError({ deadline: PATCH_MESSAGES.deadline });
  const values: NewOrderRow = {
    userId: user.id,
    title: input.title,
    subject: input.subject,
    requestType: input.type ?? null,
    additional: [...new Set(input.additional ?? [])],
    deadline,
  };
  const { toid } = input;
  // Decision 052: a client creates at most NEW_TASKS_PER_HOUR tasks (a pending task sent again is not new).
  const newTasks = usageLimits(ctx.config).newTasks;
  if (!toid) {
    await takeQuota(db, newTasks, user.id);
    return { _id: (await insertOrder(db, values)).id };
  }

  // Decision 011: the pending task is created once per user and toid, even when sent twice at once.
  const existing = await findOrderIdByClientToken(db, user.id, toid);
  if (existing) return { _id: existing };
  await takeQuota(db, newTasks, user.id);
  try {
    const id = await db.transaction(async (tx) => {
      const order = await insertOrder(tx, values);
      if (!(await claimClientToken(tx, { userId: user.id, clientToken: toid, orderId: order.id })))
        throw new ToidTaken();
      return order.id;
    });
    return { _id: id };
  } catch (err) {
    if (!(err instanceof ToidTaken)) throw err;
  }
  const winner = await findOrderIdByClientToken(db, user.id, toid);
  if (!winner) throw new Error(`toid ${toid} claimed but not found`);
  return { _id: winner };
}
