import { z } from 'zod';
import type { SystemClientStatus } from './order-status.ts';

// docs/product/tasks-and-pricing.md /orders: "Filters: payment type (All, Full paid, 30% paid, Unpaid), status, 'Reset filters'".
// The server filters (GET /orders query parameters), so a filter reaches past the first page.

export const PAYMENT_FILTERS = ['all', 'full', 'partial', 'unpaid'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];
export const PAYMENT_FILTER_LABELS: Readonly<Record<PaymentFilter, string>> = {
  all: 'All',
  full: 'Full paid',
  partial: '30% paid',
  unpaid: 'Unpaid',
};

/**
 * The spec names a status filter without its values; ours group the backend statuses the way the list labels
 * them (decision 018). A declined refund or revision counts where the task stands by system_client_status.
 */
export const STATUS_FILTERS = [
  'all',
  'unpaid',
  'looking',
  'working',
  'revision',
  'completed',
  'refund',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_LABELS: Readonly<Record<StatusFilter, string>> = {
  all: 'All statuses',
  unpaid: 'Unpaid',
  looking: 'Looking for a Geek',
  working: 'Geek is working',
  revision: 'Revision',
  completed: 'Completed',
  refund: 'Refund',
};
export const STATUS_FILTER_STATUSES: Readonly<
  Record<Exclude<StatusFilter, 'all'>, readonly SystemClientStatus[]>
> = {
  unpaid: ['New project', 'Unpaid'],
  looking: ['Paid'],
  working: ['In Progress'],
  revision: ['Revision Requested'],
  completed: ['Completed', 'Revision Completed', 'Revision Declined'],
  refund: ['Refund Requested', 'Refund Accepted', 'Refund Declined'],
};

export const ORDERS_PAGE_SIZE = 50;

export const orderListQuerySchema = z.object({
  page: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(0)
    .describe(`Page of ${ORDERS_PAGE_SIZE} tasks, from 0`),
  payment: z
    .enum(PAYMENT_FILTERS)
    .default('all')
    .describe('Payment type: all, full (fully paid), partial (30% paid), unpaid'),
  status: z
    .enum(STATUS_FILTERS)
    .default('all')
    .describe(`Status group: ${STATUS_FILTERS.join(', ')}`),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const hasActiveFilters = (q: Pick<OrderListQuery, 'payment' | 'status'>) =>
  q.payment !== 'all' || q.status !== 'all';
