import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type User = {
  _id: string;
  email: string;
  available_balance: number;
  paid_orders_count: number;
  phone: string | null;
  country: string | null;
  notification_email: string;
  referral_code: string;
};

export const getMe = () => api<User>('/users/client/me');

export const meQueryOptions = queryOptions({ queryKey: ['users', 'me'], queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions);
