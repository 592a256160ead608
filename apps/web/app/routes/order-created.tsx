import { addedTaskPath } from '@geekly/domain/orders/task-page-path.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { orderQueryOptions, useOrder } from '../lib/order-queries.ts';
import s from './order-created.module.css';

export function meta() {
  return [{ title: "You've added a new task! — Geekly" }];
}

/**
 * docs/product/tasks-and-pricing.md '/orders/{orderId}/created': the popup over the task list after a task is added. 'Help me with
 * my task' opens the new-order flow while the task has no details (decision 046), else the task page.
 */
export default function OrderCreatedRoute() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useOrder(orderId); // loads the task while the popup is read, so the button goes at once
  const help = async () => {
    try {
      navigate(addedTaskPath(await queryClient.ensureQueryData(orderQueryOptions(orderId))));
    } catch {
      navigate(`/order/${encodeURIComponent(orderId)}`); // its page says what went wrong
    }
  };
  // 'Not Now', Escape and × all close the popup back to the list.
  const close = () => navigate('/orders');
  return (
    <Dialog title="You've added a new task!" onClose={close}>
      <div className={s.actions}>
        <Button type="button" onClick={() => void help()}>
          Help me with my task
        </Button>
        <Button type="button" className={s.secondary} onClick={close}>
          Not Now
        </Button>
      </div>
    </Dialog>
  );
}
