import type { OrderView } from '@geekly/domain/orders/order-response-schema.ts';
import { type KeyboardEvent, useRef } from 'react';
import { Link } from 'react-router';
import { useMenuButton } from '../../../components/use-dismissable.ts';
import { formatDay } from '../../../lib/format-date.ts';
import { canAskRefundNow, refundWindowOver } from '../refund-window.ts';
import s from './task-header.module.css';

type Props = { order: OrderView; onRename: () => void; onDelete: () => void; onChangeCourse: () => void };

/**
 * docs/product/statuses-and-state-machine.md: the title dropdown with Rename (disabled for a locked task), Request revision and Request refund
 * (each only when the task allows it). Menu button pattern: arrows move, Escape closes and returns focus.
 */
export function TitleMenu({ order, onRename, onDelete, onChangeCourse }: Props) {
  const { open, setOpen, root, menuId, triggerProps } = useMenuButton();
  const trigger = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') {
      setOpen(false);
    } else if (move[e.key] !== undefined && items.length > 0) {
      e.preventDefault();
      items[((move[e.key] as number) + items.length) % items.length]?.focus();
    }
  };

  return (
    <div className={s.menuRoot} ref={root}>
      <button ref={trigger} type="button" className={s.menuButton} aria-label="Task menu" {...triggerProps}>
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div id={menuId} role="menu" aria-label="Task menu" className={s.menu} onKeyDown={onMenuKey}>
          <button
            type="button"
            role="menuitem"
            className={s.menuItem}
            aria-disabled={!order.changeable || undefined}
            onClick={() => {
              if (!order.changeable) return;
              setOpen(false);
              onRename();
            }}
          >
            Rename
          </button>
          {order.can.change_subject ? (
            <button
              type="button"
              role="menuitem"
              className={s.menuItem}
              onClick={() => {
                setOpen(false);
                onChangeCourse();
              }}
            >
              Change course
            </button>
          ) : null}
          {order.can.request_revision ? (
            <Link role="menuitem" className={s.menuItem} to={`/order/${order._id}/request-revision`}>
              Request revision
            </Link>
          ) : null}
          {order.changeable ? (
            <button
              type="button"
              role="menuitem"
              className={s.menuItem}
              onClick={() => {
                setOpen(false);
                onDelete();
              }}
            >
              Delete task
            </button>
          ) : null}
          {canAskRefundNow(order) ? (
            <Link role="menuitem" className={s.menuItem} to={`/order/${order._id}/request-refund`}>
              Request refund
            </Link>
          ) : refundWindowOver(order) && order.refund_until ? (
            // Issue 34: the window's end is said where the action was, rather than the action vanishing.
            <span role="menuitem" tabIndex={-1} aria-disabled="true" className={s.menuItem}>
              Refunds could be requested until {formatDay(order.refund_until)}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
