import { ordersContract } from '@geekly/domain/orders/orders-contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call.ts';
import { ORDERS_KEY } from '../../../lib/order-queries.ts';

/** GET /orders/{id}/deadline-prices: the task's price with later deadlines, from the server's quote code. */
const getDeadlinePrices = (id: string, deadline: string) =>
  apiCall(ordersContract.deadlinePrices, { params: { id }, query: { deadline } });

/** Keyed by what the prices depend on: the deadline shown and the task's current price (pages, add-ons, coupon). */
const deadlinePricesQueryOptions = (id: string, deadline: string, price: number | null) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'deadline-prices', id, deadline, price],
    queryFn: () => getDeadlinePrices(id, deadline),
  });

export const useDeadlinePrices = (id: string, deadline: string, price: number | null) =>
  useQuery({ ...deadlinePricesQueryOptions(id, deadline, price), enabled: price !== null });
