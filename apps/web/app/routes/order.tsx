import { useRef } from 'react';
import { Link, Navigate, Outlet, useBlocker, useMatches, useParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useOrderFiles } from '../features/files/api/get-order-files.ts';
import { AddOnsList } from '../features/orders/components/add-ons-list.tsx';
import { QuoteBlock } from '../features/orders/components/quote-block.tsx';
import { AfterDeliveryPrompts } from '../features/orders/components/revision-prompt.tsx';
import { TaskEditor, type TaskEditorHandle } from '../features/orders/components/task-editor.tsx';
import { TaskHeader } from '../features/orders/components/task-header.tsx';
import { TaskSummaryTable } from '../features/orders/components/task-summary-table.tsx';
import { canTipNow } from '../features/payments/components/tip-form.tsx';
import { ApiError } from '../lib/api-client.ts';
import { formatUsd } from '../lib/format-money.ts';
import { useOrder } from '../lib/order-queries.ts';
import s from './order.module.css';

export function meta() {
  return [{ title: 'Task — Geekly' }];
}

/** docs/product/tasks-and-pricing.md: /order/{orderId} and its new-order variant /neworder/{orderId}. */
export default function OrderRoute() {
  const { orderId = '' } = useParams();
  const flow = useMatches().some((m) => m.id === 'neworder') ? 'neworder' : 'order';
  const order = useOrder(orderId);
  const editor = useRef<TaskEditorHandle>(null);
  // docs/product/files.md: the locked task shows 'Files from Geek' with their count.
  const files = useOrderFiles(orderId, order.data?.files_from_geek_shown === true);
  const geekFiles = files.data?.filter((f) => f.geek_file).length ?? 0;

  if (order.isPending)
    return <div className={s.loading} role="status" aria-busy="true" aria-label="Loading" />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404)
      return <Navigate to="/orders" replace />;
    return (
      <p role="alert" className="form-error">
        {order.error.message}
      </p>
    );
  }
  const o = order.data;
  // docs/product/statuses-and-state-machine.md: a deleted task sends the user to the list.
  if (o.deleted) return <Navigate to="/orders" replace />;
  // docs/product/tasks-and-pricing.md: only for a changeable task with a valid deadline, a price and a request type.
  const saveForLater = o.changeable && !o.bad_deadline && o.price !== null && Boolean(o.request_type);
  // Add-ons after payment (docs/product/tasks-and-pricing.md '/get-addons'): while one can still be added to the locked task.
  const moreAddOns =
    !o.changeable &&
    !o.refunded &&
    o.payment_state !== 'unpaid' &&
    o.system_client_status !== 'Refund Requested' &&
    o.services.some((sv) => !sv.hidden && !sv.added && !sv.disabled);

  return (
    <div className={s.page}>
      <LeaveConfirm active={flow === 'neworder' && o.changeable} />
      <div className={s.main}>
        <TaskHeader order={o} flow={flow} />
        {o.changeable ? (
          <TaskEditor ref={editor} order={o} flow={flow} />
        ) : (
          <TaskSummaryTable order={o} geekFiles={geekFiles} />
        )}
        {o.changeable ? <AddOnsList order={o} /> : null}
      </div>
      {o.changeable && o.price !== null && !o.bad_deadline ? <MobilePayBar price={o.price} /> : null}
      <div className={s.side} id="task-quote" data-testid="task-quote">
        <AfterDeliveryPrompts order={o} />
        <QuoteBlock
          order={o}
          flow={flow}
          mode="task"
          onShowFields={o.changeable ? () => editor.current?.focusFirstMissing() : undefined}
        />
        {saveForLater ? (
          <Link to="/orders" state={{ saveForLater: true }} className={s.later}>
            Save and pay later
          </Link>
        ) : null}
        {canTipNow(o) ? (
          <Link to={`/order/${o._id}/tips`} className={s.later}>
            Tip your Geek
          </Link>
        ) : null}
        {moreAddOns ? (
          <Link to={`/order/${o._id}/get-addons`} className={s.later}>
            Get add-ons
          </Link>
        ) : null}
      </div>
      <Outlet />
    </div>
  );
}

/**
 * docs/product/tasks-and-pricing.md: "Leaving towards /orders with a history-block state in the new-order flow shows a confirm popup
 * (stay or leave)". 'Save and pay later' is a choice already made, so it is not asked again.
 */
function LeaveConfirm({ active }: { active: boolean }) {
  const blocker = useBlocker(
    ({ nextLocation }) =>
      active &&
      nextLocation.pathname === '/orders' &&
      !(nextLocation.state as { saveForLater?: boolean } | null)?.saveForLater,
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog title="Leave your task?" onClose={() => blocker.reset()}>
      <p className={s.confirmText}>Your task is not paid yet. You can come back to it from your task list.</p>
      <div className={s.confirmActions}>
        <Button type="button" onClick={() => blocker.reset()}>
          Stay
        </Button>
        <button type="button" className={s.leave} onClick={() => blocker.proceed()}>
          Leave
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Issue 14 item 6: on a phone the quote comes under the whole form, so a bar stays in view with the price and
 * a button that brings the pay buttons up (hidden on wider screens, where the quote stays beside the form).
 */
function MobilePayBar({ price }: { price: number }) {
  return (
    <div className={s.payBar}>
      <span className={s.payBarPrice}>
        Total <strong>{formatUsd(price)}</strong>
      </span>
      <button
        type="button"
        className={s.payBarButton}
        onClick={() => {
          const quote = document.getElementById('task-quote');
          quote?.scrollIntoView({ block: 'start' });
          quote
            ?.querySelector<HTMLElement>('button:not([disabled]), a[href]')
            ?.focus({ preventScroll: true });
        }}
      >
        Pay for the task
      </button>
    </div>
  );
}
