import type { DeadlinePrices } from '@geekly/domain/orders/deadline-prices.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /orders/{id}/deadline-prices: the task's price with later deadlines, from the server's quote code. */
export const getDeadlinePrices = (id: string, deadline: string) =>
  api<DeadlinePrices>(
    `/orders/${encodeURIComponent(id)}/deadline-prices?deadline=${encodeURIComponent(deadline)}`,
  );

/** Keyed by what the prices depend on: the deadline shown and the task's current price (pages, add-ons, coupon). */
export const deadlinePricesQueryOptions = (id: string, deadline: string, price: number | null) =>
  queryOptions({
    queryKey: ['orders', 'deadline-prices', id, deadline, price],
    queryFn: () => getDeadlinePrices(id, deadline),
  });

export const useDeadlinePrices = (id: string, deadline: string, price: number | null) =>
  useQuery({ ...deadlinePricesQueryOptions(id, deadline, price), enabled: price !== null });
