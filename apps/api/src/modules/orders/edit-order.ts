import {
  isDeadlineTooFar,
  type OrderEditBody,
  PATCH_MESSAGES,
} from '@geekly/domain/orders/order-form-schemas.ts';
import type { EditInput } from '@geekly/domain/orders/order-machine.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { validationError } from '../../lib/app-error.ts';
import { couponRefusal } from '../coupons/coupon-refusal.ts';
import { applyOrderTransition } from './apply-order-transition.ts';
import { priceOrder } from './order-pricing.ts';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * PATCH /orders/{id}: only fields that really change go through the state machine's edit transition, so a
 * locked task accepts a resent, unchanged form but refuses any change to its work (docs/product/statuses-and-state-machine.md, docs/product/http-api.md).
 */
export async function editOrder(ctx: AppContext, user: UserRow, orderId: string, body: OrderEditBody) {
  const caller = { actor: 'student', userId: user.id, actorId: user.id } as const;
  const { calc_quote: _calc, quote_price: _q, price: _p, partial_price: _pp, ...fields } = body;
  // docs/product/tasks-and-pricing.md "Rename": the title alone, trimmed; an unchanged title is no change.
  if (Object.keys(fields).length === 1 && fields.title !== undefined) {
    const { title } = fields;
    return applyOrderTransition(ctx, caller, orderId, 'rename', { title });
  }
  return applyOrderTransition(ctx, caller, orderId, 'edit', async (loaded): Promise<EditInput> => {
    const { row } = loaded;
    const locked: EditInput['locked'] = {};
    if (body.title !== undefined && body.title !== row.title) locked.title = body.title;
    if (body.details !== undefined && body.details !== row.details) locked.details = body.details;
    if (body.size !== undefined && body.size !== row.size) locked.size = body.size;
    if (body.deadline !== undefined && new Date(body.deadline).getTime() !== row.deadline.getTime()) {
      locked.deadline = new Date(body.deadline);
      if (isDeadlineTooFar(loaded.now, locked.deadline))
        throw validationError({ deadline: PATCH_MESSAGES.deadline });
    }
    if (body.request_type !== undefined && body.request_type !== row.requestType)
      locked.request_type = body.request_type;
    const discount = body.discount === undefined ? undefined : body.discount || null;
    if (discount !== undefined && discount !== row.discount) locked.discount = discount;

    let markReviewShown = false;
    if (body.additional !== undefined) {
      const review = 'review_shown_on_client';
      markReviewShown = body.additional.includes(review) && !row.additional.includes(review);
      const wanted = [...new Set(body.additional.filter((f) => f !== review))];
      const current = row.additional.filter((f) => f !== review);
      if (!sameSet(wanted, current))
        locked.additional = row.additional.includes(review) || markReviewShown ? [...wanted, review] : wanted;
    }
    // A new code must be valid when applied (a stored one is checked again at every pricing). A locked task
    // refuses the change anyway, so the code is checked only for a task that can take it.
    if (locked.discount && loaded.priced.changeable) {
      const next = {
        ...row,
        discount: locked.discount,
        deadline: locked.deadline ?? row.deadline,
        size: locked.size ?? row.size,
        requestType: locked.request_type ?? row.requestType,
      };
      const { coupon } = await priceOrder(loaded.tx, next, loaded.paidCents, loaded.now);
      if (coupon && !coupon.valid) throw couponRefusal(coupon, 'VALIDATION');
    }
    return { locked, markReviewShown };
  });
}
