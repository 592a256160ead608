import { useNavigate, useParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import s from './order-created.module.css';

export function meta() {
  return [{ title: "You've added a new task! — Geekly" }];
}

/** Seed 000 §2 '/orders/{orderId}/created': the popup over the task list after a task is added. */
export default function OrderCreatedRoute() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  // 'Not Now', Escape and × all close the popup back to the list.
  const close = () => navigate('/orders');
  return (
    <Dialog title="You've added a new task!" onClose={close}>
      <div className={s.actions}>
        <Button type="button" onClick={() => navigate(`/order/${encodeURIComponent(orderId)}`)}>
          Help me with my task
        </Button>
        <Button type="button" className={s.secondary} onClick={close}>
          Not Now
        </Button>
      </div>
    </Dialog>
  );
}
