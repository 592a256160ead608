import { z } from 'zod';
import { messageResponseSchema, opsSendMessageSchema } from '../chat/message-schemas.ts';
import {
  opsAttachFilesSchema,
  opsUploadRequestSchema,
  orderFileSchema,
  presignedPostSchema,
  signedFileUrlSchema,
} from '../files/file-schemas.ts';
import { endpoint } from '../http/endpoint.ts';
import { OPERATOR_TRANSITIONS, type TransitionName } from '../orders/order-machine.ts';
import { orderResponseSchema } from '../orders/order-response-schema.ts';
import { returnToGeekNoteSchema } from '../workspace/workspace-contract.ts';
import {
  noteSchema,
  partialRefundSchema,
  QUEUE_GROUPS,
  QUEUE_PAGE,
  QUEUE_SEARCH_LIMIT,
} from './back-office.ts';

// The operator API's task calls (staff bearer token only, decision 021): the queue, a task with its money, notes,
// timeline, files and messages, and the operator transitions.

const idParams = z.object({ id: z.string().max(100) });
const fileParams = z.object({ id: z.string().max(100), fileId: z.string().max(100) });
const money = z.number().describe('US dollars');

const transitionName = z.enum(OPERATOR_TRANSITIONS as [TransitionName, ...TransitionName[]]);
const groupId = z.enum(QUEUE_GROUPS.map((g) => g.id) as [string, ...string[]]);

const queueQuerySchema = z.object({
  // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail in the query.
  q: z
    .string()
    .max(200)
    .regex(/^[^\0]*$/, 'Search text cannot contain a NUL character')
    .optional(),
  group: groupId.optional(),
  status: z
    .string()
    .max(50)
    .regex(/^[^\0]*$/, 'Status cannot contain a NUL character')
    .optional(),
  all: z.enum(['true', 'false']).optional().describe('every task matching the search, needed or not'),
  // Any row id (z.guid: a task id need not carry an RFC 4122 version, e.g. ids written by SQL).
  after: z
    .guid()
    .optional()
    .describe('without all: the next page, after the task the page before answered as `next`'),
});

/** A task in the queue. */
const queueItemSchema = z.object({
  _id: z.string(),
  number: z.number(),
  title: z.string(),
  subject: z.string(),
  client_email: z.string(),
  system_client_status: z.string(),
  client_status: z.string().nullable(),
  deadline: z.string(),
  price: z.number().nullable(),
  paid: z.number(),
  geek_name: z.string().nullable(),
  unread_messages: z.number(),
  group: groupId.nullable(),
});
export type QueueItem = z.output<typeof queueItemSchema>;
const queueSchema = z.object({
  results: z.array(queueItemSchema),
  counts: z.record(z.string(), z.number()),
  next: z
    .string()
    .nullable()
    .describe(
      `the queue (one group or every group, without \`all\`) is answered ${QUEUE_PAGE} tasks a page, soonest deadline first (then by _id): the \`after\` of its next page, null on the last; a search of every task (\`all\`, ${QUEUE_SEARCH_LIMIT} tasks) is one page, null`,
    ),
});

/** Any task as staff see it: as its client sees it, with its client and the transitions allowed now. */
const opsOrderSchema = orderResponseSchema.extend({
  user_id: z.string(),
  number: z.number(),
  client_email: z.string(),
  geek_name: z.string().nullable(),
  tags: z.array(z.string()),
  refund_comment: z.string().nullable().describe("the client's reason for a refund request"),
  refund_to: z.enum(['balance', 'card']).nullable().describe('where the client asked the refund to go'),
  operator_transitions: z
    .array(transitionName)
    .describe('The operator transitions the state machine allows now'),
});
export type OpsOrder = z.output<typeof opsOrderSchema>;

const operatorTransitionSchema = z.object({
  name: transitionName,
  writer_id: z.string().max(100).optional().describe('assign_geek: the Geek'),
  note: returnToGeekNoteSchema.optional().describe('return_to_geek: what the Geek must fix (decision 048)'),
});

const partialRefundResultSchema = z.object({
  order_id: z.string(),
  amount: money,
  to: z.enum(['balance', 'card']),
  memo: z.string(),
  to_card: money,
  to_balance: money,
  cashback_kept: money,
  paid: money.describe("the task's paid amount after the refund"),
});

/** A staff note on a task (never shown to the client). */
const orderNoteSchema = z.object({
  _id: z.string(),
  body: z.string(),
  author: z.string(),
  created_at: z.string(),
});

/** GET /ops/orders/{id}/money: payments, card refunds, ledger entries and what can still be refunded. */
const orderMoneySchema = z.object({
  refundable: money,
  payments: z.array(
    z.object({
      _id: z.string(),
      purpose: z.string(),
      amount: money,
      balance_use: money,
      gateway: z.string(),
      status: z.string(),
      outcome: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  card_refunds: z.array(
    z.object({ _id: z.string(), amount: money, status: z.string(), created_at: z.string() }),
  ),
  ledger: z.array(
    z.object({
      _id: z.string(),
      kind: z.string(),
      memo: z.string().nullable(),
      order_amount: money,
      entries: z.array(z.object({ account_type: z.string(), amount: money })),
      created_at: z.string(),
    }),
  ),
});

/** One thing that happened to a task, with who did it. */
const timelineItemSchema = z.object({
  at: z.string(),
  kind: z.string(),
  who: z.string(),
  text: z.string(),
});
export type TimelineItem = z.output<typeof timelineItemSchema>;

export const opsOrdersContract = {
  queue: endpoint({
    method: 'GET',
    path: '/ops/orders',
    summary: `The queue: tasks that need staff, grouped by what is needed (${QUEUE_PAGE} a page, the next with after=next); search by number, title, e-mail`,
    query: queueQuerySchema,
    responses: { 200: queueSchema },
    errors: [401, 403, 422],
  }),
  order: endpoint({
    method: 'GET',
    path: '/ops/orders/:id',
    summary: 'Any task, as its client sees it, with its client and the transitions allowed now',
    params: idParams,
    responses: { 200: opsOrderSchema },
    errors: [401, 403, 404],
  }),
  transition: endpoint({
    method: 'POST',
    path: '/ops/orders/:id/transitions',
    summary: `Apply an operator transition: ${OPERATOR_TRANSITIONS.join(', ')}`,
    params: idParams,
    body: operatorTransitionSchema,
    responses: { 200: opsOrderSchema },
    errors: [401, 403, 404, 409, 422],
  }),
  refund: endpoint({
    method: 'POST',
    path: '/ops/orders/:id/refunds',
    summary: 'A partial refund: at most what is paid and not yet refunded, to the balance or the card',
    params: idParams,
    body: partialRefundSchema,
    responses: { 201: partialRefundResultSchema },
    errors: [401, 403, 404, 422],
  }),
  notes: endpoint({
    method: 'GET',
    path: '/ops/orders/:id/notes',
    summary: "Staff's internal notes on the task (never shown to the client)",
    params: idParams,
    responses: { 200: z.object({ results: z.array(orderNoteSchema) }) },
    errors: [401, 403, 404],
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/ops/orders/:id/notes',
    summary: 'Leave an internal note',
    params: idParams,
    body: noteSchema,
    responses: { 201: orderNoteSchema },
    errors: [401, 403, 404, 422],
  }),
  money: endpoint({
    method: 'GET',
    path: '/ops/orders/:id/money',
    summary: 'Payments, card refunds, ledger entries and what can still be refunded',
    params: idParams,
    responses: { 200: orderMoneySchema },
    errors: [401, 403, 404],
  }),
  timeline: endpoint({
    method: 'GET',
    path: '/ops/orders/:id/timeline',
    summary: 'Everything that happened to the task, oldest first, each with who did it',
    params: idParams,
    responses: { 200: z.object({ results: z.array(timelineItemSchema) }) },
    errors: [401, 403, 404],
  }),

  // The Geek's files of a task, uploaded by staff (docs/product/http-api.md "Operator API").
  upload: endpoint({
    method: 'POST',
    path: '/ops/orders/:id/uploads',
    summary: 'A presigned POST for a Geek file (same limits as the client’s)',
    params: idParams,
    body: opsUploadRequestSchema,
    responses: { 201: presignedPostSchema },
    errors: [401, 403, 404, 422],
  }),
  attachFiles: endpoint({
    method: 'POST',
    path: '/ops/orders/:id/files',
    summary:
      'Attach uploaded Geek files (file_final_draft, plagreport_file_final_draft, …) with their plagiarism check',
    params: idParams,
    body: opsAttachFilesSchema,
    responses: { 201: z.object({ attached_files: z.array(orderFileSchema) }) },
    errors: [401, 403, 404, 409, 422],
  }),
  files: endpoint({
    method: 'GET',
    path: '/ops/orders/:id/files',
    summary: "Every file of the task: the client's and the Geek's, with their plagiarism check",
    params: idParams,
    responses: { 200: z.object({ files: z.array(orderFileSchema) }) },
    errors: [401, 403, 404],
  }),
  fileUrl: endpoint({
    method: 'GET',
    path: '/ops/orders/:id/files/:fileId/url',
    summary:
      "A 5-minute signed address of any file of the task (the quality check opens the Geek's delivery)",
    params: fileParams,
    responses: { 200: signedFileUrlSchema },
    errors: [401, 403, 404],
  }),

  // The operator's side of a task's messages, as the Account Manager or the Geek.
  messages: endpoint({
    method: 'GET',
    path: '/ops/orders/:id/messages',
    summary: "A task's messages, oldest first",
    params: idParams,
    responses: { 200: z.object({ results: z.array(messageResponseSchema) }) },
    errors: [401, 403, 404],
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/ops/orders/:id/messages',
    summary: 'Write to the client as the Account Manager (operator) or the Geek (writer)',
    params: idParams,
    body: opsSendMessageSchema,
    responses: { 201: messageResponseSchema },
    errors: [401, 403, 404, 422],
  }),
};
