import { recentCourses } from '@geekly/domain/courses/course-search.ts';
import { ORDERS_PAGE_SIZE } from '@geekly/domain/orders/order-list-filters.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { type CSSProperties, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDue } from '../../../lib/format-date.ts';
import { CourseChangeDialog } from './course-change.tsx';
import s from './order-groups.module.css';
import { StatusChip } from './status-chip.tsx';

/** docs/product/tasks-and-pricing.md: tasks grouped by subject as collapsible groups. */
export function OrderGroups({ orders }: { orders: OrderView[] }) {
  const groups = new Map<string, OrderView[]>();
  for (const order of orders) groups.set(order.subject, [...(groups.get(order.subject) ?? []), order]);
  // docs/product/public-site.md "row animation delay 25 ms per row" (decision 042): rows come in in the order the server sent
  // them, each page of 'Show more tasks' starting again from the first, so no row waits more than a page.
  const rowIndex = new Map(orders.map((o, i) => [o._id, i % ORDERS_PAGE_SIZE]));
  const recent = useMemo(() => recentCourses(orders.map((o) => o.subject)), [orders]);
  return (
    <div className={s.groups}>
      {[...groups].map(([subject, items]) => (
        <OrderGroup key={subject} subject={subject} orders={items} rowIndex={rowIndex} recent={recent} />
      ))}
    </div>
  );
}

type GroupProps = {
  subject: string;
  orders: OrderView[];
  rowIndex: ReadonlyMap<string, number>;
  recent: readonly string[];
};

function OrderGroup({ subject, orders, rowIndex, recent }: GroupProps) {
  const [open, setOpen] = useState(true);
  const [changing, setChanging] = useState(false);
  const id = `group-${subject.replace(/\W+/g, '-')}`;
  return (
    <section className={s.group}>
      <div className={s.headingRow}>
        <h2 className={s.heading} id={`${id}-heading`}>
          <button
            type="button"
            className={s.toggle}
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen((v) => !v)}
          >
            <span>{subject}</span>
            <span className={s.count}>{orders.length}</span>
            <span className={open ? s.chevronOpen : s.chevron} aria-hidden="true">
              ▾
            </span>
          </button>
        </h2>
        {/* Issue 34: only where a task of the group can still move (the dialog counts them all on the server). */}
        {orders.some((o) => o.can.change_subject) ? (
          <button
            type="button"
            className={s.changeCourse}
            aria-describedby={`${id}-heading`}
            onClick={() => setChanging(true)}
          >
            Change course
          </button>
        ) : null}
      </div>
      {changing ? (
        <CourseChangeDialog
          target={{ kind: 'group', from: subject }}
          current={subject}
          recent={recent}
          onClose={() => setChanging(false)}
        />
      ) : null}
      <ul id={id} className={s.rows} hidden={!open}>
        {orders.map((order) => (
          <li
            key={order._id}
            className={s.rowItem}
            style={{ '--row': rowIndex.get(order._id) ?? 0 } as CSSProperties}
          >
            <Link to={`/order/${order._id}`} className={s.row}>
              <span className={s.title}>{order.title}</span>
              <span className={s.due}>{formatDue(order.deadline)}</span>
              <span className={s.meta}>
                <span className={s.messages} title="Messages">
                  {order.messages_count} {order.messages_count === 1 ? 'message' : 'messages'}
                </span>
                <UnreadMark count={order.unread_messages} />
                <StatusChip status={order.status} />
                <RatedNote order={order} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Issue 34: a task with messages the student has not read says so, in words to a screen reader too. */
function UnreadMark({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={s.unread} data-testid="unread-mark">
      <span aria-hidden="true">{count} new</span>
      <span className="visually-hidden">{`${count} unread ${count === 1 ? 'message' : 'messages'}`}</span>
    </span>
  );
}

/** docs/product/statuses-and-state-machine.md rules 7 and 10: a delivered task is 'rated' (with the student's mark) or 'not rated yet'. */
function RatedNote({ order }: { order: OrderView }) {
  if (order.mark > 0)
    return (
      <span className={s.rated}>
        <span aria-hidden="true">★ {order.mark}</span>
        <span className="visually-hidden">{`Rated ${order.mark} of 5`}</span>
      </span>
    );
  if (order.status.key !== 'completed' && order.status.key !== 'revision_completed') return null;
  return <span className={s.notRated}>Not rated yet</span>;
}
