import { senderName } from '@geekly/domain/chat/chat-availability.ts';
import { canSendMessage, MESSAGE_MAX_LENGTH, showsNewBadge } from '@geekly/domain/chat/message-schemas.ts';
import { ACCEPT_ATTRIBUTE } from '@geekly/domain/files/file-limits.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { notificationKey } from '../../../lib/message-queries.ts';
import { type Message, useMarkRead, useMessages, useSendMessage } from '../api/messages.ts';
import { messageTime } from './message-time.ts';
import s from './messages-panel.module.css';
import { useAttachments } from './use-attachments.ts';

/** docs/product/messages.md "Task messages panel": a sliding panel over the task page. */
export function MessagesPanel({ orderId }: { orderId: string }) {
  const qc = useQueryClient();
  const messages = useMessages(orderId);
  const titleId = useId();
  const navigate = useNavigate();
  const title = useRef<HTMLHeadingElement>(null);
  // Issue 27: the panel takes the focus on its title when it opens (the chat button that opened it goes away)
  // and gives it back to the chat button when it closes, unless something else took it meanwhile.
  useEffect(() => {
    title.current?.focus();
    return () => {
      window.setTimeout(() => {
        if (document.activeElement === document.body || document.activeElement === null)
          document.querySelector<HTMLElement>('[data-testid="chat-button"]')?.focus();
      }, 0);
    };
  }, []);
  return (
    <section
      className={s.panel}
      aria-labelledby={titleId}
      data-testid="messages-panel"
      // The route focus (components/use-route-focus.ts) leaves the focus where the panel put it.
      data-owns-focus
      onKeyDown={(e) => {
        // Escape closes the panel, as it closes every dialog.
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          void qc.invalidateQueries({ queryKey: notificationKey });
          navigate(`/order/${orderId}`);
        }
      }}
    >
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
        <h2 id={titleId} className={s.title} ref={title} tabIndex={-1}>
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

  // docs/product/messages.md: the list scrolls to the bottom when the message count changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count is the trigger
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  // docs/product/messages.md: an unread message becomes read when its top scrolls into view.
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
              <span className={s.role}>{senderName(m)}</span>
              <time dateTime={m.created_at}>{messageTime(m.created_at)}</time>
              {unread ? <span className={s.new}>New</span> : null}
            </div>
            {m.message ? <p className={s.text}>{m.message}</p> : null}
            {m.files.length > 0 ? (
              <ul className={s.files}>
                {m.files.map((f) => (
                  <li key={f._id}>
                    <a href={`/api/v3/orders/${orderId}/messages/${m._id}/files/${f._id}/download`}>
                      {f.name}
                    </a>
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
  const [dragging, setDragging] = useState(false);
  const send = useSendMessage(orderId);
  const attachments = useAttachments(orderId);
  const fileInput = useRef<HTMLInputElement>(null);
  const sendable = canSendMessage(text, attachments.items);
  const error =
    send.error instanceof ApiError ? (Object.values(send.error.fieldErrors)[0] ?? send.error.text) : null;
  const submit = () => {
    if (!sendable || send.isPending) return;
    send.mutate(
      {
        message: text,
        to_user: 'operator',
        files: attachments.items.map((a) => ({
          location: a.location ?? '',
          name: a.file.name,
          size: a.file.size,
          type: a.type,
        })),
      },
      {
        // docs/product/messages.md: sending clears the text and the attachments.
        onSuccess: () => {
          setText('');
          attachments.clear();
        },
      },
    );
  };
  return (
    <form
      className={`${s.composer} ${dragging ? s.dragging : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        attachments.add(e.dataTransfer.files);
      }}
    >
      <p className={s.dropHint}>Drag&drop file or photo here</p>
      {attachments.items.length > 0 ? (
        <ul className={s.strip} aria-label="Attached files">
          {attachments.items.map((a) => (
            <li
              key={a.key}
              className={`${s.chip} ${a.status === 'failed' ? s.failed : ''}`}
              data-status={a.status}
            >
              <span className={s.chipName}>{a.file.name}</span>
              {a.status === 'progress' ? (
                <progress
                  className={s.progress}
                  max={100}
                  value={a.progress}
                  aria-label={`Uploading ${a.file.name}`}
                />
              ) : null}
              {a.status === 'failed' ? (
                <>
                  <span className={s.chipError}>{a.error ?? 'Upload failed'}</span>
                  <button type="button" className={s.chipAction} onClick={() => attachments.reload(a.key)}>
                    Reload file
                  </button>
                </>
              ) : null}
              <button
                type="button"
                className={s.chipAction}
                aria-label={`Remove ${a.file.name}`}
                onClick={() => attachments.remove(a.key)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
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
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={ACCEPT_ATTRIBUTE}
          data-testid="message-file-input"
          onChange={(e) => {
            if (e.target.files) attachments.add(e.target.files);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          className={s.attach}
          aria-label="Attach a file"
          onClick={() => fileInput.current?.click()}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M16.5 6.5l-8 8a2 2 0 0 0 2.8 2.8l8.5-8.5a4 4 0 0 0-5.7-5.7L5.6 11.6a6 6 0 0 0 8.5 8.5l6.4-6.4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </button>
        {/* docs/product/messages.md: the send button appears only when there is something to send. */}
        {sendable ? (
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
