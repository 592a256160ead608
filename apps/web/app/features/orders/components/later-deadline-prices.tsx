import { laterDeadlineText } from '@geekly/domain/orders/deadline-prices.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { useDeadlinePrices } from '../api/get-deadline-prices.ts';
import s from './task-editor.module.css';

/**
 * Issue 14 item 7: next to the deadline picker, what the task costs with a later deadline ('+1 day: $12.40
 * less'), from one server call priced by the quote's own code. Nothing is shown while no later day is cheaper.
 */
export function LaterDeadlinePrices({ order, deadline }: { order: OrderView; deadline: Date }) {
  const prices = useDeadlinePrices(
    order._id,
    deadline.toISOString(),
    order.bad_deadline ? null : order.price,
  );
  const lines = (prices.data?.later ?? [])
    .map((l) => laterDeadlineText(l.days, l.saving))
    .filter((t): t is string => t !== null);
  if (lines.length === 0) return null;
  return (
    <p className={s.laterPrices} aria-live="polite">
      <span className={s.laterTitle}>A later deadline costs less:</span>{' '}
      {lines.map((line, i) => (
        <span key={line}>
          <span className={s.laterItem}>{line}</span>
          {i < lines.length - 1 ? ' · ' : ''}
        </span>
      ))}
    </p>
  );
}
