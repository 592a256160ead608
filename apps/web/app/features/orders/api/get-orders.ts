import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type OrderSummary = {
  _id: string;
  number: number;
  title: string;
  subject: string;
  deadline: string;
  created_at: string;
  price: number | null;
  client_paid: number;
  messages_count: number;
  status: {
    key: string;
    label: string;
    wait_text: string | null;
    progress: number;
    list_label: string | null;
  };
};

export const getOrders = (page = 0) =>
  api<{ results: OrderSummary[]; total: number }>(`/orders?page=${page}`);

export const ordersQueryOptions = (page = 0) =>
  queryOptions({ queryKey: ['orders', 'list', page], queryFn: () => getOrders(page) });

export const useOrders = (page = 0) => useQuery(ordersQueryOptions(page));
