import { pagesLabel } from '@geekly/domain/orders/order-form-schemas.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDeadlineAt } from '../../../lib/format-date.ts';
import s from './task-summary-table.module.css';

/** Details longer than this are cut with 'Show more'. */
const DETAILS_PREVIEW_CHARS = 200;

/** docs/product/tasks-and-pricing.md "Locked task": the read-only table of a task that can no longer change. */
export function TaskSummaryTable({ order, geekFiles }: { order: OrderView; geekFiles: number }) {
  const services = order.services.filter((sv) => sv.added).map((sv) => sv.label);
  return (
    <table className={s.table}>
      <caption className="visually-hidden">Task</caption>
      <colgroup>
        <col className={s.labels} />
        <col />
      </colgroup>
      <tbody>
        <tr>
          <th scope="row">Task</th>
          <td>{order.request_type ?? '—'}</td>
        </tr>
        <tr>
          <th scope="row">Due date</th>
          <td>{formatDeadlineAt(order.deadline)}</td>
        </tr>
        <tr>
          <th scope="row">Length</th>
          <td>{order.pages === null ? '—' : pagesLabel(order.pages)}</td>
        </tr>
        <tr>
          <th scope="row">Details</th>
          <td>
            <Details text={order.details} />
          </td>
        </tr>
        <tr>
          <th scope="row">Additional services</th>
          <td>{services.length > 0 ? services.join(', ') : '—'}</td>
        </tr>
        {order.files_from_geek_shown ? (
          <tr>
            <th scope="row">Files from Geek</th>
            <td>
              <Link
                to={`/order/${order._id}/geek-files`}
                className={s.count}
                aria-label={`Files from Geek: ${geekFiles}`}
              >
                {geekFiles}
              </Link>
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

function Details({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (text.trim() === '') return <>—</>;
  const long = text.length > DETAILS_PREVIEW_CHARS;
  return (
    <>
      <p id={id} className={s.details}>
        {long && !open ? `${text.slice(0, DETAILS_PREVIEW_CHARS).trimEnd()}…` : text}
      </p>
      {long ? (
        <button
          type="button"
          className={s.more}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? 'Less' : 'Show more'}
        </button>
      ) : null}
    </>
  );
}
