import {
  badDeadlineMessage,
  CALCULATING_TEXT,
  formatDeadlineDate,
  formatDeadlineTime,
  roundUpToHour,
} from '@geekly/domain/orders/deadline.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { timezone } from '../../../lib/api-client.ts';
import s from './task-editor.module.css';

type Props = { order: OrderView; busy: boolean; onApply: (deadline: Date) => void };

/**
 * docs/product/tasks-and-pricing.md: a bad deadline offers the earliest possible one (the server's minimum, rounded up to the
 * next full hour) with 'Apply', or says it is still calculating while the minimum is unknown.
 */
export function BadDeadlineNotice({ order, busy, onApply }: Props) {
  if (!order.bad_deadline) return null;
  const earliest = order.min_deadline ? roundUpToHour(new Date(order.min_deadline)) : null;
  const zone = timezone();
  return (
    <div className={s.notice} role="status">
      {earliest === null || order.pages === null ? (
        <p className={s.noticeText}>{CALCULATING_TEXT}</p>
      ) : (
        <>
          <p className={s.noticeText}>
            {badDeadlineMessage(
              order.pages,
              formatDeadlineDate(earliest, zone),
              formatDeadlineTime(earliest, zone),
            )}
          </p>
          <button
            type="button"
            className={s.apply}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onApply(earliest);
            }}
          >
            Apply
          </button>
        </>
      )}
    </div>
  );
}
