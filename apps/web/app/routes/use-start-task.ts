import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../features/auth/api/user.ts';
import type { LandingTask } from '../features/landing/components/landing-task-validation.ts';
import { useCreateOrder } from '../features/orders/api/create-order.ts';
import { savePendingOrder } from '../lib/pending-order.ts';

const newTaskId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Seed 001 §4 "Task form submit": logged in, the task is created and opens in its created popup; logged
 * out, it is kept as the pending order (decision 011) and the sign-up popup opens — the auth flow creates
 * it after sign-up. A failed creation from a landing form is swallowed (seed 001 §8).
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
        // Seed 001 §8: no message.
      }
      return;
    }
    savePendingOrder({
      toid: newTaskId(),
      title: task.title,
      subject: task.subject,
      from: location.pathname,
    });
    navigate('/signup');
  };
}
