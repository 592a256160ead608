import { createOrderSchema, defaultTaskTitle } from '@geekly/domain/orders/order-schemas.ts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearPendingOrder, readPendingOrder } from '../../../lib/pending-order.ts';
import { forgetReturnTo, takeReturnTo } from '../../../lib/return-to.ts';
import { createOrder } from '../../orders/api/create-order.ts';

/** Creates the task started while logged out, once (the API keys it by toid); its id, or null. */
async function createPendingOrder(): Promise<string | null> {
  const pending = readPendingOrder();
  if (!pending) return null;
  const parsed = createOrderSchema.safeParse({
    // Seed 001 §2: a form without a title field names the task '{month} {subject} task'.
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
    // Seed 001 §8: an order creation failure from the landing form is swallowed with no message.
    return null;
  }
}

/**
 * Seed 001 §4: after logging in or signing up, a pending task is created and opens its checkout; else a
 * stored link (from an e-mail, or the page the visitor was bounced from) is opened; else /orders.
 * `linkPath` is where a one-time log-in link leads, which wins over a stored link.
 */
export function useFinishAuth() {
  const navigate = useNavigate();
  return useCallback(
    async (linkPath?: string) => {
      const orderId = await createPendingOrder();
      if (orderId) {
        forgetReturnTo();
        navigate(`/order/${orderId}/checkout`, { replace: true });
        return;
      }
      const stored = takeReturnTo();
      navigate(linkPath ?? stored ?? '/orders', { replace: true });
    },
    [navigate],
  );
}
