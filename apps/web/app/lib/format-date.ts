import { formatDeadlineDate, formatDeadlineTime } from '@geekly/domain/orders/deadline.ts';
import dayjs from 'dayjs';
import { timezone } from './api-client.ts';

/** docs/product/tasks-and-pricing.md: 'Due Month D at h A', in the browser's time zone. */
export const formatDue = (iso: string) => dayjs(iso).format('[Due] MMMM D [at] h A');

/** A task's due moment as the task page and checkout show it: 'November 05, 2026 at 3:00 PM', local time. */
export function formatDeadlineAt(iso: string): string {
  const date = new Date(iso);
  return `${formatDeadlineDate(date, timezone())} at ${formatDeadlineTime(date, timezone())}`;
}

/** A moment as the back office and the workspace list them: 'Nov 5, 2026, 3:00 PM', local time. */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A day as the task pages show dates: 'November 05, 2026' (docs/product/tasks-and-pricing.md 'MMMM DD, YYYY'), local time. */
export const formatDay = (iso: string) => formatDeadlineDate(new Date(iso), timezone());
