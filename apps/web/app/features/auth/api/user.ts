import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { hasSessionHint } from '../../../lib/session-hint.ts';

export type User = {
  _id: string;
  email: string;
  available_balance: number;
  paid_orders_count: number;
  phone: string | null;
  country: string | null;
  notification_email: string;
  /** A new notification e-mail waiting for the link mailed to it (decision 028). */
  pending_notification_email: string | null;
  has_password: boolean;
  referral_code: string;
  phone_verified: boolean;
  referral_details: { count: number; count_with_orders: number; earn: number };
  userdef: { isReferBonusShown?: boolean; prevTotalBonuses?: number; phoneBannerClosed?: boolean };
  isReferBonusFlow: boolean;
  isReferralAbuser: boolean;
  is_referred: boolean;
};

export const getMe = () => api<User>('/users/client/me');

/** A visitor without a session is answered here as the server would, without a request the browser logs. */
const getMeIfSignedIn = () =>
  hasSessionHint() ? getMe() : Promise.reject(new ApiError(401, 'Not authenticated'));

// A visitor's 401 (and a staff token's 403) is an answer here, not a failure: the pages decide what to show.
export const meQueryOptions = queryOptions({
  queryKey: ['users', 'me'],
  queryFn: getMeIfSignedIn,
  meta: { handledStatuses: [401, 403] },
});

export const useMe = () => useQuery(meQueryOptions);
