import { centsToDollars } from '@geekly/domain/money.ts';
import {
  autoAcceptAt,
  canAcceptWork,
  isRefundWindowOver,
  refundWindowEnd,
} from '@geekly/domain/orders/acceptance.ts';
import {
  canDownloadGeekFiles,
  canRemoveClientFiles,
  showsFilesFromGeek,
} from '@geekly/domain/orders/geek-files.ts';
import type { OrderState } from '@geekly/domain/orders/order-machine.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import {
  type ClientStatus,
  canChangeCourse,
  canRate,
  canRequestRefund,
  canRequestRevision,
  canTip,
  displayStatus,
  isChangeable,
  isDeleted,
  isUnderReview,
  type OrderStatusInput,
  paymentState,
  type SystemClientStatus,
} from '@geekly/domain/orders/order-status.ts';
import { revisionPrompt } from '@geekly/domain/orders/revision-prompts.ts';
import { type AddedService, addOnStates } from '@geekly/domain/pricing/add-ons.ts';
import { discountErrorText } from '@geekly/domain/pricing/coupons.ts';
import { WORDS_PER_PAGE } from '@geekly/domain/pricing/quote.ts';
import type { StatusRow } from '../../db/rows.ts';
import type { PricedOrder } from './order-pricing.ts';
import type { OrderRow } from './orders.repository.ts';

const money = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function statusInput(
  row: StatusRow,
  paidCents: number,
  priceCents = row.priceCents,
): OrderStatusInput {
  return {
    hasId: true,
    priceCents,
    paidCents,
    basePriceCents: row.clientBasePriceCents,
    system_client_status: row.systemClientStatus as SystemClientStatus,
    client_status: row.clientStatus as ClientStatus | null,
    tags: row.tags,
    profile_arch: row.profileArch,
    client_remove: row.clientRemove,
    client_paid_at_first: row.clientPaidAtFirst,
    deadline: row.deadline,
    geekId: row.geekId,
    mark: row.mark,
    force_review_at: row.forceReviewAt,
    revision_accept_at: row.revisionAcceptAt,
    refunded: row.refunded,
    work_started_at: row.workStartedAt,
    work_window_end: row.revisionDeadline ?? row.deadline,
  };
}

/** What the state machine reads, with the server's price at this moment (the final drafts are counted apart). */
export function orderState(
  row: OrderRow,
  paidCents: number,
  priced: PricedOrder,
): Omit<OrderState, 'finalDraftCount'> {
  const base = statusInput(row, paidCents, priced.price.priceCents);
  // The "base price" of rule 10 is the work price; a changeable task's follows the clock.
  return {
    ...base,
    basePriceCents: priced.price.workCents,
    title: row.title,
    services: row.services as AddedService[],
    additional: row.additional,
    tipsPaidCents: row.tipsPaidCents,
    badDeadline: priced.price.badDeadline,
    revisionDeadline: row.revisionDeadline,
    refundTo: row.refundTo,
    deliveredAt: row.deliveredAt,
    clientAcceptAt: row.clientAcceptAt,
    geekEarnedAt: row.geekEarnedAt,
  };
}

export function toOrderView(
  row: OrderRow,
  extra: {
    paidCents: number;
    messagesCount: number;
    unreadMessages: number;
    now: Date;
    priced: PricedOrder;
    preferredGeekIds: readonly string[];
  },
): OrderView {
  const { price, coupon } = extra.priced;
  const o = orderState(row, extra.paidCents, extra.priced);
  const status = displayStatus(o, extra.now);
  const locked = !isChangeable(o);
  // The plan's included add-ons are part of the task (decision 037).
  const services = addOnStates(price.services, {
    locked,
    freeAddOn: price.freeAddOn,
    saving: false,
    hoursLeft: price.hoursLeft,
    preferredGeekIds: extra.preferredGeekIds,
    workCents: price.workCents,
    planAddOns: extra.priced.planAddOns,
  });
  const canRevise = canRequestRevision(o);
  const couponInvalid = coupon && !coupon.valid ? coupon : null;
  return {
    _id: row.id,
    number: row.number,
    title: row.title,
    subject: row.subject,
    details: row.details,
    level: row.level,
    spacing: row.spacing,
    size: row.size,
    pages: price.pages,
    words: price.pages === null ? null : price.pages * WORDS_PER_PAGE,
    request_type: row.requestType,
    additional: row.additional,
    tags: row.tags,
    created_at: row.createdAt.toISOString(),
    deadline: row.deadline.toISOString(),
    min_deadline: iso(price.minDeadline),
    bad_deadline: price.badDeadline,
    deadline_left: Math.round(price.hoursLeft * 100) / 100,
    price: money(price.priceCents),
    quote_price: money(price.quoteCents),
    client_base_price: money(price.workCents),
    partial_price: money(price.depositCents),
    post_payment: money(price.remainderCents),
    discount_amount: centsToDollars(price.discountCents),
    addons_total: centsToDollars(price.addOnsCents),
    client_paid: centsToDollars(extra.paidCents),
    amount_left:
      price.priceCents === null ? null : centsToDollars(Math.max(0, price.priceCents - extra.paidCents)),
    client_paid_at: iso(row.clientPaidAt),
    client_paid_at_first: iso(row.clientPaidAtFirst),
    discount: row.discount,
    discount_valid: coupon ? coupon.valid : row.discount ? true : null,
    discount_error_type: couponInvalid?.errorType ?? null,
    discount_info: row.discount
      ? {
          code: row.discount,
          value: coupon?.valid ? coupon.coupon.percentOff : 0,
          discount_type: 'percentage',
          discount_valid: coupon ? coupon.valid : true,
          discount_error_type: couponInvalid?.errorType ?? null,
          discount_error_text: couponInvalid
            ? discountErrorText(couponInvalid.errorType, couponInvalid.errorValue)
            : null,
          quote_amount: centsToDollars(price.discountCents),
          applied_to: 'order',
        }
      : null,
    services: services.map((s) => ({
      service: s.service,
      label: s.label,
      added: s.added,
      active: s.active,
      disabled: s.disabled,
      hidden: s.hidden,
      price: centsToDollars(s.priceCents),
      writer_id: s.geekId,
      included_in_plan: s.included,
    })),
    refunded: row.refunded,
    mark: row.mark,
    feedback: row.feedback,
    feedback_tags: row.feedbackTags,
    tips_paid: centsToDollars(row.tipsPaidCents),
    system_client_status: row.systemClientStatus,
    client_status: row.clientStatus,
    writer_info: row.geekId,
    revision_deadline: iso(row.revisionDeadline),
    revision_comment: row.revisionComment,
    client_revision_at: iso(row.clientRevisionAt),
    delivered_at: iso(row.deliveredAt),
    refund_until: iso(refundWindowEnd(row.deliveredAt)),
    client_accept_at: iso(row.clientAcceptAt),
    auto_accept_at: canAcceptWork(o) && row.deliveredAt ? autoAcceptAt(row.deliveredAt).toISOString() : null,
    messages_count: extra.messagesCount,
    unread_messages: extra.unreadMessages,
    payment_state: paymentState(o),
    deleted: isDeleted(o),
    changeable: !locked,
    under_review: isUnderReview(o),
    files_from_geek_shown: showsFilesFromGeek(o),
    refund_window_closed: canRequestRefund(o) && isRefundWindowOver(o, extra.now),
    can: {
      rate: canRate(o),
      request_refund: canRequestRefund(o) && !isRefundWindowOver(o, extra.now),
      accept: canAcceptWork(o),
      change_subject: canChangeCourse(o),
      request_revision: canRevise,
      tip: canTip(o, row.tipsPaidCents),
      download_geek_files: canDownloadGeekFiles(o),
      remove_client_files: canRemoveClientFiles(o),
    },
    revision_prompt: revisionPrompt(o, { canRequestRevision: canRevise }),
    status: {
      key: status.key,
      label: status.label,
      wait_text: status.waitText,
      progress: status.progress,
      list_label: status.listLabel,
    },
  };
}
