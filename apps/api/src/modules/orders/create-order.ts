import { defaultDeadline } from '@geekly/domain/orders/deadline.ts';
import type { createOrderSchema } from '@geekly/domain/orders/order-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../users/users.repository.ts';
import { insertOrder } from './orders.repository.ts';

export type CreateOrderInput = z.output<typeof createOrderSchema>;

export async function createOrder(ctx: AppContext, user: UserRow, input: CreateOrderInput) {
  const order = await insertOrder(ctx.database.db, {
    userId: user.id,
    title: input.title,
    subject: input.subject,
    requestType: input.type ?? null,
    additional: [...new Set(input.additional ?? [])],
    deadline: input.deadline ? new Date(input.deadline) : defaultDeadline(ctx.now()),
  });
  return { _id: order.id };
}
