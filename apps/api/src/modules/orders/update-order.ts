import {
  isDeadlineTooFar,
  type OrderPatchBody,
  PATCH_MESSAGES,
} from '@geekly/domain/orders/order-form-schemas.ts';
import type { EditInput } from '@geekly/domain/orders/order-machine.ts';
import { checkCoupon, discountErrorText } from '@geekly/domain/pricing/coupons.ts';
import { orderPrice } from '@geekly/domain/pricing/order-price.ts';
import { parsePages } from '@geekly/domain/pricing/quote.ts';
import { hasPremiumPlus } from '@geekly/domain/subscriptions/subscription-display.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { couponUsage, findCoupon } from '../coupons/coupons.repository.ts';
import { userSubscriptions } from '../subscriptions/subscriptions.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { applyOrderTransition, type Loaded } from './apply-order-transition.ts';
import { orderServices } from './order-pricing.ts';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** A new coupon code must be valid when it is applied; a stored one is checked again at every pricing. */
async function checkNewCoupon(
  loaded: Loaded,
  code: string,
  deadline: Date,
  size: string,
  requestType: string | null,
) {
  const { tx, row, now } = loaded;
  const undiscounted = orderPrice({
    now,
    deadline,
    pages: parsePages(size),
    requestType,
    premiumPlus: hasPremiumPlus(await userSubscriptions(tx, row.userId), now),
    coupon: null,
    services: orderServices(row),
  });
  const check = checkCoupon(await findCoupon(tx, code), code, {
    now,
    usage: await couponUsage(tx, row.userId, code, row.id),
    workCents: undiscounted.quoteCents,
  });
  if (!check.valid) {
    const text = discountErrorText(check.errorType, check.errorValue);
    throw new AppError('VALIDATION', text, {
      errorType: 'discount',
      errorValue: { discount: text, discount_error_type: check.errorType },
    });
  }
}

/**
 * PATCH /orders/{id}: only fields that really change go through the state machine's edit transition, so a
 * locked task accepts a resent, unchanged form but refuses any change to its work (seed 000 §4, §8).
 */
export async function updateOrder(ctx: AppContext, user: UserRow, orderId: string, body: OrderPatchBody) {
  const caller = { actor: 'client', userId: user.id, actorId: user.id } as const;
  const { calc_quote: _calc, quote_price: _q, price: _p, partial_price: _pp, ...fields } = body;
  // Seed 000 §5 "Rename": the title alone, trimmed; an unchanged title is no change.
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
    // A locked task refuses the change anyway; the coupon is checked for a task that can take it.
    if (locked.discount && loaded.priced.changeable) {
      await checkNewCoupon(
        loaded,
        locked.discount,
        locked.deadline ?? row.deadline,
        locked.size ?? row.size,
        locked.request_type ?? row.requestType,
      );
    }
    return { locked, markReviewShown };
  });
}
