import { defaultDeadline } from '@geekly/domain/orders/deadline.ts';
import { isDeadlineTooFar, PATCH_MESSAGES } from '@geekly/domain/orders/order-form-schemas.ts';
import type { createOrderSchema } from '@geekly/domain/orders/order-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { validationError } from '../../lib/app-error.ts';
import type { UserRow } from '../users/users.repository.ts';
import { insertOrder } from './orders.repository.ts';

export type CreateOrderInput = z.output<typeof createOrderSchema>;

export async function createOrder(ctx: AppContext, user: UserRow, input: CreateOrderInput) {
  const now = ctx.now();
  const deadline = input.deadline ? new Date(input.deadline) : defaultDeadline(now);
  if (isDeadlineTooFar(now, deadline)) throw validationError({ deadline: PATCH_MESSAGES.deadline });
  const order = await insertOrder(ctx.database.db, {
    userId: user.id,
    title: input.title,
    subject: input.subject,
    requestType: input.type ?? null,
    additional: [...new Set(input.additional ?? [])],
    deadline,
  });
  return { _id: order.id };
}
