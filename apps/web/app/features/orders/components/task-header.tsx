import { renameTitle } from '@geekly/domain/orders/order-form-schemas.ts';
import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { announce } from '../../../lib/announce.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessageNotification } from '../../../lib/message-queries.ts';
import { useEditOrder } from '../api/edit-order.ts';
import { useOrderAction } from '../api/order-action.ts';
import { CourseChangeDialog } from './course-change.tsx';
import s from './task-header.module.css';
import { TitleMenu } from './title-menu.tsx';

type Props = { order: OrderView; flow: 'order' | 'neworder' };

/**
 * docs/product/tasks-and-pricing.md: the header line (subject and 'Task #number', hidden in the new-order flow), the title as the
 * page's heading with its dropdown, and for a locked task its status, wait text and progress.
 */
export function TaskHeader({ order, flow }: Props) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [changingCourse, setChangingCourse] = useState(false);
  const rename = useEditOrder(order._id);
  const title = rename.isPending && rename.variables.title ? rename.variables.title : order.title;
  const error =
    rename.error instanceof ApiError
      ? (rename.error.fieldErrors.title ?? rename.error.text)
      : rename.error
        ? 'Unknown error'
        : null;

  const commit = (entry: string) => {
    setRenaming(false);
    // docs/product/tasks-and-pricing.md: trimmed; an empty or unchanged entry discards the edit.
    const next = renameTitle(order.title, entry);
    if (next !== null) rename.mutate({ title: next });
  };

  return (
    <header className={s.header}>
      {flow === 'order' ? (
        <div className={s.lineRow}>
          <p className={s.line}>
            {order.subject} · Task #{order.number}
          </p>
          <MessagesLink orderId={order._id} unreadAtLoad={order.unread_messages} />
        </div>
      ) : null}
      <div className={s.titleRow}>
        {renaming ? (
          <RenameInput title={order.title} onCommit={commit} onCancel={() => setRenaming(false)} />
        ) : (
          <h1 className={s.title}>{title}</h1>
        )}
        <TitleMenu
          order={order}
          onRename={() => {
            rename.reset();
            setRenaming(true);
          }}
          onDelete={() => setDeleting(true)}
          onChangeCourse={() => setChangingCourse(true)}
        />
      </div>
      {error ? (
        <p className={s.error} role="alert">
          {error}
        </p>
      ) : null}
      {order.changeable ? null : <TaskStatus status={order.status} />}
      {deleting ? <DeleteConfirm orderId={order._id} onClose={() => setDeleting(false)} /> : null}
      {changingCourse ? (
        <CourseChangeDialog
          target={{ kind: 'task', orderId: order._id }}
          current={order.subject}
          onClose={() => setChangingCourse(false)}
        />
      ) : null}
    </header>
  );
}

/**
 * Issue 34: the task's messages, one link away, with how many are unread. The count follows the live
 * notification query (new messages and reads keep it current); until it has loaded, the task's own count.
 */
function MessagesLink({ orderId, unreadAtLoad }: { orderId: string; unreadAtLoad: number }) {
  const notification = useMessageNotification();
  const unread = notification.data
    ? (notification.data.orders.find((o) => o.order_id === orderId)?.unread ?? 0)
    : unreadAtLoad;
  return (
    <Link
      to={`/order/${orderId}/messages`}
      className={s.messagesLink}
      aria-label={unread > 0 ? `Messages, ${unread} unread` : undefined}
    >
      Messages
      {unread > 0 ? (
        <span className={s.unreadCount} aria-hidden="true">
          {unread}
        </span>
      ) : null}
    </Link>
  );
}

function RenameInput({
  title,
  onCommit,
  onCancel,
}: {
  title: string;
  onCommit: (entry: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(title);
  const cancelled = useRef(false);
  return (
    <input
      className={s.renameInput}
      aria-label="Task name"
      maxLength={200}
      value={value}
      // The field replaces the heading the user just chose to rename, so it takes the focus.
      // biome-ignore lint/a11y/noAutofocus: focus follows the user's own Rename action
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => {
        if (!cancelled.current) onCommit(value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          e.currentTarget.blur();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          cancelled.current = true;
          onCancel();
        }
      }}
    />
  );
}

function TaskStatus({ status }: { status: OrderView['status'] }) {
  // Issue 27: a status that changes while the page is open (live events, a payment) is said once.
  const shown = useRef(status.label);
  useEffect(() => {
    if (shown.current === status.label) return;
    shown.current = status.label;
    announce(`Task status: ${status.label}`);
  }, [status.label]);
  const progress = Math.round(Math.min(100, Math.max(0, status.progress)));
  return (
    <div className={s.status}>
      <p className={s.statusLabel}>{status.label}</p>
      {status.wait_text ? <p className={s.wait}>{status.wait_text}</p> : null}
      <div
        className={s.progress}
        role="progressbar"
        aria-label={status.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <svg className={s.bar} aria-hidden="true" focusable="false">
          <rect className={s.barFill} width={`${progress}%`} height="100%" rx="4" />
        </svg>
      </div>
    </div>
  );
}

/** Deleting a task the client no longer needs: only while it is unpaid and changeable (the machine's guard). */
function DeleteConfirm({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const remove = useOrderAction(orderId);
  const navigate = useNavigate();
  const error = remove.error instanceof ApiError ? remove.error.text : remove.error ? 'Unknown error' : null;
  return (
    <Dialog title="Delete this task?" onClose={onClose}>
      <p className={s.confirmText}>The task leaves your list. It has not been paid, so nothing is charged.</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className={s.confirmActions}>
        <Button type="button" variant="secondary" onClick={onClose}>
          Keep it
        </Button>
        <Button
          type="button"
          busy={remove.isPending}
          onClick={() =>
            !remove.isPending &&
            remove.mutate(
              { action: 'client_remove' },
              { onSuccess: () => navigate('/orders', { replace: true }) },
            )
          }
        >
          Delete task
        </Button>
      </div>
    </Dialog>
  );
}
