import { createOrderSchema, defaultTaskTitle } from '@geekly/domain/orders/order-schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { createOrder } from '../../../lib/create-order.ts';
import { meQueryOptions, type StudentProfile } from '../../../lib/current-user.ts';
import { clearPendingOrder, readPendingOrder } from '../../../lib/pending-order.ts';
import { forgetReturnTo, takeReturnTo } from '../../../lib/return-to.ts';

/**
 * docs/product/account.md: a referred client in the refer-bonus flow who is not a referral abuser goes to
 * {route}/refer-bonus instead of /orders or /subscription, until the page was shown once (userdef).
 */
function withReferBonus(path: string, user: StudentProfile | undefined) {
  if (path !== '/orders' && path !== '/subscription') return path;
  if (!user?.isReferBonusFlow || user.isReferralAbuser || user.userdef.isReferBonusShown) return path;
  return `${path}/refer-bonus`;
}

/** Creates the task started while logged out, once (the API keys it by toid); its id, or null. */
async function createPendingOrder(): Promise<string | null> {
  const pending = readPendingOrder();
  if (!pending) return null;
  const parsed = createOrderSchema.safeParse({
    // docs/product/account.md: a form without a title field names the task '{month} {subject} task'.
    title: pending.title.trim() || defaultTaskTitle(pending.subject, new Date()),
    subject: pending.subject,
    toid: pending.toid,
  });
  clearPendingOrder();
  if (!parsed.success) return null;
  try {
    const { _id } = await createOrder(parsed.data);
    return _id;
  } catch {
    // docs/product/account.md: an order creation failure from the landing form is swallowed with no message.
    return null;
  }
}

/**
 * docs/product/account.md: after logging in or signing up, a pending task is created and opens its checkout; else a
 * stored link (from an e-mail, or the page the visitor was bounced from) is opened; else /orders.
 * `linkPath` is where a one-time log-in link leads, which wins over a stored link.
 */
export function useFinishAuth() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (linkPath?: string) => {
      const orderId = await createPendingOrder();
      if (orderId) {
        forgetReturnTo();
        navigate(`/order/${orderId}/checkout`, { replace: true });
        return;
      }
      const stored = takeReturnTo();
      const user = queryClient.getQueryData(meQueryOptions.queryKey);
      navigate(withReferBonus(linkPath ?? stored ?? '/orders', user), { replace: true });
    },
    [navigate, queryClient],
  );
}
