import { MESSAGE_MAX_LENGTH } from '@geekly/domain/chat/message-schemas.ts';
import type { WorkspaceTaskDetail } from '@geekly/domain/workspace/workspace-contract.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { announce } from '../../../lib/announce.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadMessageFile, useSendTaskMessage, useTaskMessages } from '../api/workspace-queries.ts';
import { formatWhen } from './time-left.ts';
import s from './workspace.module.css';

/**
 * The conversation with the student, live: the Geek writes as themselves; the student is only ever 'Student'
 * and the task's number, and Geekly's Account Manager may write too.
 */
export function TaskConversation({ task }: { task: WorkspaceTaskDetail }) {
  const messages = useTaskMessages(task._id);
  const send = useSendTaskMessage(task._id);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const inputId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const count = messages.data?.length ?? 0;
  // The newest message in view when one arrives (the list scrolls inside its box).
  useEffect(() => {
    if (count && listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [count]);
  const who = (role: string, name: string | null) =>
    role === 'writer'
      ? 'You'
      : role === 'client'
        ? task.student
        : role === 'operator'
          ? 'Account Manager'
          : (name ?? 'Geekly');
  return (
    <section className={`${s.card} ${s.sticky}`} aria-labelledby="conversation">
      <h2 id="conversation">Conversation with {task.student}</h2>
      {messages.isError ? (
        <p role="alert" className={s.error}>
          The messages could not be loaded.
        </p>
      ) : count === 0 ? (
        <p className={s.muted}>No messages yet. Say hello or ask what you need to know.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <ol ref={listRef} className={s.messages} aria-label="Messages" tabIndex={0}>
          {messages.data?.map((m) => (
            <li key={m._id} className={m.sender_role === 'writer' ? s.mine : s.bubble}>
              <div className={s.spread}>
                <span className={s.from}>{who(m.sender_role, m.name)}</span>
                <span className={s.time}>{formatWhen(m.created_at)}</span>
              </div>
              {m.message ? <p className={s.instructions}>{m.message}</p> : null}
              {m.files.length ? (
                <ul className={s.plainList} aria-label="Attached files">
                  {m.files.map((f) => (
                    <li key={f._id}>
                      <button
                        type="button"
                        className={s.textButton}
                        onClick={() =>
                          downloadMessageFile(task._id, m._id, f).catch((err: unknown) =>
                            setError(err instanceof ApiError ? err.text : 'Unknown error'),
                          )
                        }
                      >
                        Download {f.name}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <form
        className={s.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return setError('Write a message first');
          setError('');
          send.mutate(
            { message: text },
            {
              onSuccess: () => {
                setText('');
                announce('Message sent');
              },
              onError: (err) =>
                setError(
                  err instanceof ApiError ? (Object.values(err.fieldErrors)[0] ?? err.text) : 'Unknown error',
                ),
            },
          );
        }}
      >
        <div className={s.fieldStack}>
          <label htmlFor={inputId} className={s.label}>
            Message to {task.student}
          </label>
          <textarea
            id={inputId}
            className={s.textarea}
            value={text}
            maxLength={MESSAGE_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          {error ? (
            <p id={`${inputId}-error`} role="alert" className={s.error}>
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </form>
    </section>
  );
}
