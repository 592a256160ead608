import { centsToDollars } from '@geekly/domain/money.ts';
import {
  type ClientStatus,
  displayStatus,
  type OrderStatusInput,
  type SystemClientStatus,
} from '@geekly/domain/orders/order-status.ts';
import { z } from 'zod';
import type { OrderRow } from './orders.repository.ts';

const dollars = z.number().describe('US dollars, 2 decimals');

export const orderResponseSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  title: z.string(),
  subject: z.string(),
  details: z.string(),
  level: z.string(),
  spacing: z.string(),
  size: z.string(),
  request_type: z.string().nullable(),
  additional: z.array(z.string()),
  tags: z.array(z.string()),
  created_at: z.string(),
  deadline: z.string(),
  price: dollars.nullable(),
  quote_price: dollars.nullable(),
  partial_price: dollars.nullable(),
  client_base_price: dollars.nullable(),
  client_paid: dollars,
  client_paid_at: z.string().nullable(),
  discount: z.string().nullable(),
  refunded: z.boolean(),
  mark: z.number().int(),
  system_client_status: z.string(),
  client_status: z.string().nullable(),
  writer_info: z.string().nullable().describe('the Geek id'),
  messages_count: z.number().int(),
  status: z.object({
    key: z.string(),
    label: z.string(),
    wait_text: z.string().nullable(),
    progress: z.number(),
    list_label: z.string().nullable(),
  }),
});

export type OrderView = z.infer<typeof orderResponseSchema>;

const money = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export function statusInput(row: OrderRow, paidCents: number): OrderStatusInput {
  return {
    hasId: true,
    priceCents: row.priceCents,
    paidCents,
    basePriceCents: row.clientBasePriceCents,
    system_client_status: row.systemClientStatus as SystemClientStatus,
    client_status: row.clientStatus as ClientStatus | null,
    tags: row.tags,
    profile_arch: row.profileArch,
    client_remove: row.clientRemove,
    client_paid_at_first: row.clientPaidAtFirst,
    deadline: row.deadline,
    writerId: row.writerId,
    mark: row.mark,
    force_review_at: row.forceReviewAt,
    revision_accept_at: row.revisionAcceptAt,
    refunded: row.refunded,
    work_started_at: row.workStartedAt,
    work_window_end: row.revisionDeadline ?? row.deadline,
  };
}

export function toOrderView(
  row: OrderRow,
  extra: { paidCents: number; messagesCount: number; now: Date },
): OrderView {
  const status = displayStatus(statusInput(row, extra.paidCents), extra.now);
  return {
    _id: row.id,
    number: row.number,
    title: row.title,
    subject: row.subject,
    details: row.details,
    level: row.level,
    spacing: row.spacing,
    size: row.size,
    request_type: row.requestType,
    additional: row.additional,
    tags: row.tags,
    created_at: row.createdAt.toISOString(),
    deadline: row.deadline.toISOString(),
    price: money(row.priceCents),
    quote_price: money(row.quotePriceCents),
    partial_price: money(row.partialPriceCents),
    client_base_price: money(row.clientBasePriceCents),
    client_paid: centsToDollars(extra.paidCents),
    client_paid_at: row.clientPaidAt?.toISOString() ?? null,
    discount: row.discount,
    refunded: row.refunded,
    mark: row.mark,
    system_client_status: row.systemClientStatus,
    client_status: row.clientStatus,
    writer_info: row.writerId,
    messages_count: extra.messagesCount,
    status: {
      key: status.key,
      label: status.label,
      wait_text: status.waitText,
      progress: status.progress,
      list_label: status.listLabel,
    },
  };
}
