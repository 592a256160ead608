import { isChatAvailable, showsChatBubble, unreadBadgeText } from '@geekly/domain/chat/chat-availability.ts';
import { useEffect, useRef } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router';
import type { StudentProfile } from '../../../lib/current-user.ts';
import { isLiveLeader } from '../../../lib/live-stream.ts';
import { useMessageNotification } from '../../../lib/message-queries.ts';
import { onOpenChat } from '../../../lib/open-chat.ts';
import { useFirstOrdersPage } from '../../../lib/order-queries.ts';
import { SUPPORT_MAILTO } from '../../../lib/support.ts';
import s from './chat-button.module.css';
import { useDragPosition } from './use-drag-position.ts';

const SIZE = 56;
/** docs/product/messages.md: the new-message sound plays at volume 0.2. */
const SOUND_VOLUME = 0.2;

/**
 * docs/product/messages.md: the floating chat button with its unread badge and bubble preview. Messages belong to a
 * task, so the chat opens the panel of the task in view, else of the task with the newest unread message, else
 * of the newest conversation or task (decision 020).
 */
export function ChatButton({ user }: { user: StudentProfile }) {
  const navigate = useNavigate();
  const location = useLocation();
  const onTask = useMatch('/order/:orderId/*');
  const panelOpen = useMatch('/order/:orderId/messages');
  const notification = useMessageNotification();
  const orders = useFirstOrdersPage();
  const { pos, handlers, dragged, moveAcross } = useDragPosition(SIZE);

  const rows = notification.data?.orders ?? [];
  const unread = notification.data?.unread ?? 0;
  const byNewest = [...rows].sort((a, b) =>
    (b.last_message?.created_at ?? '').localeCompare(a.last_message?.created_at ?? ''),
  );
  const newestUnread = byNewest.find((o) => o.unread > 0);
  const target =
    onTask?.params.orderId ?? newestUnread?.order_id ?? byNewest[0]?.order_id ?? orders.data?.results[0]?._id;
  const available = isChatAvailable({
    hasChatId: true,
    paidOrdersCount: user.paid_orders_count,
    country: user.country,
  });

  const open = () => {
    if (!available || !target) {
      window.location.href = SUPPORT_MAILTO;
      return;
    }
    navigate(`/order/${target}/messages`);
  };
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => onOpenChat(() => openRef.current()), []);
  // docs/product/messages.md: a #livechat hash on /orders opens the chat.
  useEffect(() => {
    if (
      location.pathname === '/orders' &&
      location.hash === '#livechat' &&
      (notification.data || !available)
    ) {
      navigate('/orders', { replace: true });
      openRef.current();
    }
  }, [location.pathname, location.hash, notification.data, available, navigate]);

  // docs/product/messages.md: a sound when a new message arrives (in the tab holding the shared stream, so it plays once).
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (notification.data === undefined) return;
    if (previous.current !== null && unread > previous.current && isLiveLeader()) {
      const audio = new Audio('/sounds/new-message.wav');
      audio.volume = SOUND_VOLUME;
      void audio.play().catch(() => {});
    }
    previous.current = unread;
  }, [unread, notification.data]);

  if (panelOpen) return null;
  const lastOwn = rows
    .map((o) => o.last_own_message_at)
    .filter((at): at is string => at !== null)
    .sort()
    .at(-1);
  const bubble =
    available &&
    newestUnread?.last_message &&
    showsChatBubble({
      unreadCount: unread,
      lastOwnMessageAt: lastOwn ? new Date(lastOwn) : null,
      now: new Date(),
    })
      ? newestUnread.last_message.message
      : null;
  const badge = available ? unreadBadgeText(unread) : '';
  const label = available ? `Messages${unread > 0 ? `, ${unread} unread` : ''}` : 'Email us';

  const onLeft = typeof window !== 'undefined' && pos.right > window.innerWidth / 2;
  return (
    <div className={s.wrap} style={{ right: pos.right, bottom: pos.bottom }}>
      {bubble ? (
        <button type="button" className={s.bubble} onClick={open} data-testid="chat-bubble">
          {bubble.length > 90 ? `${bubble.slice(0, 90)}…` : bubble}
        </button>
      ) : null}
      {/* One row: the move control beside the button, toward the middle, so together they are no taller than the
          button and the footer can end above them (issue 34). */}
      <div className={onLeft ? s.rowLeft : s.row}>
        <button
          type="button"
          className={s.button}
          aria-label={label}
          data-testid="chat-button"
          {...handlers}
          onClick={() => {
            if (dragged.current) return;
            open();
          }}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            {available ? (
              <path
                d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"
                fill="currentColor"
              />
            ) : (
              <path d="M3 5h18v14H3zM3 5l9 7 9-7" fill="none" stroke="currentColor" strokeWidth="2" />
            )}
          </svg>
          {badge ? (
            <span className={s.badge} data-testid="chat-badge">
              {badge}
            </span>
          ) : null}
        </button>
        {/* WCAG 2.5.7: moving the button needs no drag. */}
        <button
          type="button"
          className={s.move}
          aria-label="Move the chat button to the other side"
          onClick={moveAcross}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M7 8l-4 4 4 4M17 8l4 4-4 4M3 12h18" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
    </div>
  );
}
