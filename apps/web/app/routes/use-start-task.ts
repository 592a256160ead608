import { useLocation, useNavigate } from 'react-router';
import type { LandingTask } from '../features/landing/components/landing-task-validation.ts';
import { useCreateOrder } from '../features/orders/api/create-order.ts';
import { useMe } from '../lib/current-user.ts';
import { keepPendingOrder } from '../lib/pending-order.ts';

/**
 * docs/product/public-site.md "Task form submit": logged in, the task is created and opens in its created popup; logged
 * out, it is kept as the pending order (decision 011) and the sign-up popup opens — the auth flow creates
 * it after sign-up. A failed creation from a landing form is swallowed (docs/product/account.md).
 */
export function useStartTask() {
  const me = useMe();
  const createOrder = useCreateOrder();
  const navigate = useNavigate();
  const location = useLocation();
  return async (task: LandingTask) => {
    if (me.data) {
      try {
        const { _id } = await createOrder.mutateAsync(task);
        navigate(`/orders/${_id}/created`);
      } catch {
        // docs/product/public-site.md: no message.
      }
      return;
    }
    keepPendingOrder(task, location.pathname);
    navigate('/signup');
  };
}
