import { SENDER_LABELS } from '@geekly/domain/chat/chat-availability.ts';
import { canSendMessage, MESSAGE_MAX_LENGTH, showsNewBadge } from '@geekly/domain/chat/message-schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { type Message, notificationKey, useMarkRead, useMessages, useSendMessage } from '../api/messages.ts';
import { messageTime } from './message-time.ts';
import s from './messages-panel.module.css';

/** Seed 001 §2 "Task messages panel": a sliding panel over the task page. */
export function MessagesPanel({ orderId }: { orderId: string }) {
  const qc = useQueryClient();
  const messages = useMessages(orderId);
  const titleId = useId();
  return (
    <section className={s.panel} aria-labelledby={titleId} data-testid="messages-panel">
      <header className={s.head}>
        <Link
          to={`/order/${orderId}`}
          className={s.back}
          aria-label="Back to the task"
          onClick={() => void qc.invalidateQueries({ queryKey: notificationKey })}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </Link>
        <h2 id={titleId} className={s.title}>
          Task messages
        </h2>
      </header>
      {messages.isError ? (
        <p role="alert" className={s.error}>
          We could not load the messages. Please try again in a moment.
        </p>
      ) : (
        <MessageList orderId={orderId} messages={messages.data ?? []} loading={messages.isPending} />
      )}
      <Composer orderId={orderId} />
    </section>
  );
}

function MessageList({
  orderId,
  messages,
  loading,
}: {
  orderId: string;
  messages: Message[];
  loading: boolean;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const markRead = useMarkRead(orderId);
  const markReadRef = useRef(markRead.mutate);
  markReadRef.current = markRead.mutate;
  const asked = useRef(new Set<string>());
  const count = messages.length;

  // Seed 001 §4: the list scrolls to the bottom when the message count changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count is the trigger
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  // Seed 001 §4: an unread message becomes read when its top scrolls into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe again whenever the messages change
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const root = entry.rootBounds;
          const topVisible = root
            ? entry.boundingClientRect.top >= root.top - 1 && entry.boundingClientRect.top < root.bottom
            : entry.isIntersecting;
          const id = (entry.target as HTMLElement).dataset.messageId;
          if (!entry.isIntersecting || !topVisible || !id || asked.current.has(id)) continue;
          asked.current.add(id);
          markReadRef.current(id);
        }
      },
      { root: list, threshold: [0, 0.1, 0.5, 1] },
    );
    for (const el of list.querySelectorAll<HTMLElement>('[data-unread="true"]')) observer.observe(el);
    return () => observer.disconnect();
  }, [messages]);

  return (
    <ol ref={listRef} className={s.list} aria-busy={loading} aria-label="Messages">
      {messages.map((m) => {
        const mine = m.sender_role === 'client';
        const unread = showsNewBadge(m);
        return (
          <li
            key={m._id}
            className={`${s.item} ${mine ? s.mine : s.theirs}`}
            data-message-id={m._id}
            data-unread={unread ? 'true' : undefined}
          >
            <div className={s.meta}>
              <span className={s.role}>{SENDER_LABELS[m.sender_role]}</span>
              <time dateTime={m.created_at}>{messageTime(m.created_at)}</time>
              {unread ? <span className={s.new}>New</span> : null}
            </div>
            {m.message ? <p className={s.text}>{m.message}</p> : null}
            {m.files.length > 0 ? (
              <ul className={s.files}>
                {m.files.map((f) => (
                  <li key={f._id}>
                    <a href={`/api/v3/orders/${orderId}/files/${f._id}/download`}>{f.name}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function Composer({ orderId }: { orderId: string }) {
  const [text, setText] = useState('');
  const send = useSendMessage(orderId);
  const ready = canSendMessage(text, []) && !send.isPending;
  const error = send.error instanceof ApiError ? (send.error.fieldErrors.message ?? send.error.text) : null;
  const submit = () => {
    if (!ready) return;
    send.mutate(
      { message: text, to_user: 'operator' },
      {
        // Seed 001 §4: sending clears the text and the attachments.
        onSuccess: () => setText(''),
      },
    );
  };
  return (
    <form
      className={s.composer}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {error ? (
        <p role="alert" className={s.sendError}>
          {error}
        </p>
      ) : null}
      <div className={s.inputRow}>
        <textarea
          className={s.textarea}
          placeholder="Type a message..."
          aria-label="Message"
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={2}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
        />
        {/* Seed 001 §5: the send button appears only when there is something to send. */}
        {canSendMessage(text, []) ? (
          <button type="submit" className={s.send} aria-label="Send" disabled={send.isPending}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M3 20l18-8L3 4v6l12 2-12 2z" fill="currentColor" />
            </svg>
          </button>
        ) : null}
      </div>
    </form>
  );
}
