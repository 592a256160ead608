import { type orderFiles, orders, type payments, type users } from './schema.ts';

// The rows of the tables several modules read (an account, a task, a file, a payment), typed once from the
// schema: a module that receives one does not import the owning module's repository for its type.
export type UserRow = typeof users.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderFileRow = typeof orderFiles.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** The task columns the state machine reads (statusInput): a list that needs only each row's status selects these. */
export const STATUS_COLUMNS = {
  priceCents: orders.priceCents,
  clientBasePriceCents: orders.clientBasePriceCents,
  systemClientStatus: orders.systemClientStatus,
  clientStatus: orders.clientStatus,
  tags: orders.tags,
  profileArch: orders.profileArch,
  clientRemove: orders.clientRemove,
  clientPaidAtFirst: orders.clientPaidAtFirst,
  deadline: orders.deadline,
  geekId: orders.geekId,
  mark: orders.mark,
  forceReviewAt: orders.forceReviewAt,
  revisionAcceptAt: orders.revisionAcceptAt,
  refunded: orders.refunded,
  workStartedAt: orders.workStartedAt,
  revisionDeadline: orders.revisionDeadline,
} satisfies { [K in keyof OrderRow]?: (typeof orders)[K] };
export type StatusRow = Pick<OrderRow, keyof typeof STATUS_COLUMNS>;
