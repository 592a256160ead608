import s from './workspace.module.css';

/** The mark on a task with unread messages from the student: a count to see, words for screen readers. */
export function UnreadMark({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={s.unread}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{count === 1 ? '1 unread message' : `${count} unread messages`}</span>
    </span>
  );
}
