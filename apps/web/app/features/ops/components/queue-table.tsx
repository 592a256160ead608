import type { QueueItem } from '@geekly/domain/ops/ops-orders-contract.ts';
import { useMemo, useState } from 'react';
import { Cell, Column, Row, type SortDescriptor, Table, TableBody, TableHeader } from 'react-aria-components';
import { dollars, formatWhen, opsStyles as s } from './widgets.tsx';

const GROUP_LABEL: Record<string, string> = {
  instructions: 'Instructions to check',
  assign: 'Geek to assign',
  deadline: 'Deadline close',
  revision: 'Revision requested',
  refund: 'Refund requested',
  messages: 'Unread client messages',
};
const groupLabel = (id: string | null) => (id ? (GROUP_LABEL[id] ?? id) : '—');

const sortValue = (item: QueueItem, column: string): string | number => {
  if (column === 'number') return item.number;
  if (column === 'paid') return item.paid;
  if (column === 'deadline') return item.deadline;
  if (column === 'client') return item.client_email;
  if (column === 'group') return groupLabel(item.group);
  return item.title.toLowerCase();
};

/** The queue as a sortable React Aria table; a row opens its task's page (RouterProvider in the layout). */
export function QueueTable({ items }: { items: QueueItem[] }) {
  const [sort, setSort] = useState<SortDescriptor>({ column: 'deadline', direction: 'ascending' });
  const sorted = useMemo(() => {
    const column = String(sort.column);
    const list = [...items].sort((a, b) => {
      const x = sortValue(a, column);
      const y = sortValue(b, column);
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return sort.direction === 'descending' ? list.reverse() : list;
  }, [items, sort]);
  return (
    <div className={s.tableWrap}>
      <Table
        aria-label="Tasks that need staff"
        className={s.table}
        sortDescriptor={sort}
        onSortChange={setSort}
      >
        <TableHeader>
          <Column id="number" isRowHeader allowsSorting>
            Task
          </Column>
          <Column id="title" allowsSorting>
            Title
          </Column>
          <Column id="client" allowsSorting>
            Client
          </Column>
          <Column id="group" allowsSorting>
            Needs
          </Column>
          <Column id="status">Status</Column>
          <Column id="deadline" allowsSorting>
            Deadline
          </Column>
          <Column id="paid" allowsSorting>
            Paid
          </Column>
        </TableHeader>
        <TableBody items={sorted} renderEmptyState={() => <p className={s.muted}>No tasks here.</p>}>
          {(item) => (
            <Row id={item._id} href={`/ops/orders/${item._id}`}>
              <Cell>
                <span className={s.link}>#{item.number}</span>
              </Cell>
              <Cell>
                {item.title}
                <div className={s.muted}>{item.subject}</div>
              </Cell>
              <Cell>{item.client_email}</Cell>
              <Cell>
                {item.group ? <span className={s.badge}>{groupLabel(item.group)}</span> : '—'}
                {item.unread_messages > 0 ? (
                  <div className={s.muted}>{item.unread_messages} unread</div>
                ) : null}
              </Cell>
              <Cell>
                {item.system_client_status}
                {item.client_status ? <div className={s.muted}>{item.client_status}</div> : null}
                {item.geek_name ? <div className={s.muted}>Geek: {item.geek_name}</div> : null}
              </Cell>
              <Cell>{formatWhen(item.deadline)}</Cell>
              <Cell>
                {dollars(item.paid)} <span className={s.muted}>of {dollars(item.price)}</span>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
