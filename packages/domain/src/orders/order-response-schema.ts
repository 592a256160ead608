import { z } from 'zod';

// The order as GET/PATCH/POST /orders/{id} answer it (docs/product/http-api.md "Orders"): the spec's fields plus the values the
// server derives (prices, payment state, what the client may do), so the web app shows and never computes.
const dollars = z.number().describe('US dollars, 2 decimals');
const isoTime = z.string().describe('ISO 8601, UTC');

export const orderResponseSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  title: z.string(),
  subject: z.string(),
  details: z.string(),
  level: z.string(),
  spacing: z.string(),
  size: z.string(),
  pages: z.number().int().nullable(),
  words: z.number().int().nullable(),
  request_type: z.string().nullable(),
  additional: z.array(z.string()),
  tags: z.array(z.string()),
  created_at: isoTime,
  deadline: isoTime,
  min_deadline: isoTime.nullable().describe('the earliest deadline allowed for the pages'),
  bad_deadline: z.boolean().describe('pages set and the deadline earlier than min_deadline'),
  deadline_left: z.number().describe('hours from now to the deadline'),
  price: dollars.nullable().describe('the total to pay: work after discount plus add-ons'),
  quote_price: dollars.nullable().describe('per-page price for the hours left × pages, before discount'),
  client_base_price: dollars.nullable().describe('the work price after the discount'),
  partial_price: dollars.nullable().describe('the 30% deposit of price'),
  post_payment: dollars.nullable().describe('price minus the deposit (70%)'),
  discount_amount: dollars,
  addons_total: dollars,
  client_paid: dollars,
  amount_left: dollars.nullable().describe('what is still to pay'),
  client_paid_at: isoTime.nullable(),
  client_paid_at_first: isoTime.nullable(),
  discount: z.string().nullable(),
  discount_valid: z.boolean().nullable(),
  discount_error_type: z.string().nullable(),
  discount_info: z
    .object({
      code: z.string(),
      value: z.number().describe('percent off'),
      discount_type: z.literal('percentage'),
      discount_valid: z.boolean(),
      discount_error_type: z.string().nullable(),
      discount_error_text: z.string().nullable(),
      quote_amount: dollars.describe('the discount in dollars'),
      applied_to: z.literal('order'),
    })
    .nullable(),
  services: z.array(
    z.object({
      service: z.string(),
      label: z.string(),
      added: z.boolean(),
      active: z.boolean(),
      disabled: z.boolean(),
      hidden: z.boolean(),
      price: dollars,
      writer_id: z.string().nullable(),
      included_in_plan: z.boolean().describe("free: included in the client's plan ('Included in your plan')"),
    }),
  ),
  refunded: z.boolean(),
  mark: z.number().int(),
  feedback: z.string().nullable().describe("the student's words with their mark"),
  feedback_tags: z
    .array(z.string())
    .describe("the reasons of a mark below 4 (docs/product/statuses-and-state-machine.md's tags)"),
  tips_paid: dollars,
  system_client_status: z.string(),
  client_status: z.string().nullable(),
  writer_info: z.string().nullable().describe('the Geek id'),
  revision_deadline: isoTime.nullable(),
  revision_comment: z.string().nullable(),
  client_revision_at: isoTime.nullable(),
  delivered_at: isoTime.nullable().describe('the last delivery of the work or of a revision'),
  refund_until: isoTime.nullable().describe('the end of the 60-day refund window; null before delivery'),
  client_accept_at: isoTime.nullable(),
  auto_accept_at: isoTime
    .nullable()
    .describe('when the work counts as accepted if the client neither accepts nor disputes it'),
  messages_count: z.number().int(),
  unread_messages: z.number().int().describe('messages to the student on this task still unread'),
  payment_state: z.enum(['unpaid', 'partially_paid', 'fully_paid']),
  deleted: z.boolean(),
  changeable: z.boolean(),
  under_review: z.boolean(),
  files_from_geek_shown: z.boolean(),
  refund_window_closed: z
    .boolean()
    .describe('a refund could have been asked, but the 60 days after delivery have passed (refund_until)'),
  can: z.object({
    rate: z.boolean(),
    request_refund: z.boolean(),
    request_revision: z.boolean(),
    accept: z.boolean(),
    change_subject: z.boolean(),
    tip: z.boolean(),
    download_geek_files: z.boolean(),
    remove_client_files: z.boolean(),
  }),
  revision_prompt: z.object({ kind: z.string(), text: z.string(), action: z.string() }).nullable(),
  status: z.object({
    key: z.string(),
    label: z.string(),
    wait_text: z.string().nullable(),
    progress: z.number(),
    list_label: z.string().nullable(),
  }),
});

export type OrderView = z.infer<typeof orderResponseSchema>;
