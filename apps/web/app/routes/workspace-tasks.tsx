import {
  WORKSPACE_PATHS,
  WORKSPACE_STAGE_LABELS,
  WORKSPACE_TASK_STAGES,
  type WorkspaceTaskStage,
} from '@geekly/domain/workspace/workspace-contract.ts';
import { Link } from 'react-router';
import { Button } from '../components/button.tsx';
import { useMyTasks } from '../features/workspace/api/workspace-queries.ts';
import { TaskDeadlines } from '../features/workspace/components/task-deadlines.tsx';
import { useNow } from '../features/workspace/components/time-left.ts';
import { UnreadMark } from '../features/workspace/components/unread-mark.tsx';
import s from '../features/workspace/components/workspace.module.css';
import { formatUsd } from '../lib/format-money.ts';

export function meta() {
  return [{ title: 'My tasks — Geekly workspace' }];
}

/** What the Geek does next in each group. */
const NEXT: Record<WorkspaceTaskStage, string> = {
  start: 'Start work on these',
  write: 'Write and deliver',
  revise: 'The student asked for a revision',
  check: 'Delivered: Geekly checks the work before the student sees it',
  delivered: 'Delivered: waiting for the student',
  accepted: 'The student accepted the work',
  closed: 'Closed',
};

/**
 * /workspace/tasks: this Geek's tasks grouped by what they must do next, with the time left and unread marks; the
 * latest deadlines first (the tasks in hand), older ones with 'Show more tasks'.
 */
export default function WorkspaceTasks() {
  const tasks = useMyTasks();
  const now = useNow();
  if (tasks.isError)
    return (
      <>
        <h1>My tasks</h1>
        <p role="alert" className={s.alert}>
          Your tasks could not be loaded.
        </p>
      </>
    );
  if (!tasks.tasks)
    return (
      <>
        <h1>My tasks</h1>
        <p className={s.muted}>Loading…</p>
      </>
    );
  // The pages come latest deadline first; in a group the nearest deadline comes first.
  const loaded = tasks.tasks;
  const groups = WORKSPACE_TASK_STAGES.map((stage) => ({
    stage,
    items: loaded.filter((t) => t.stage === stage).sort((a, b) => a.deadline.localeCompare(b.deadline)),
  })).filter((g) => g.items.length > 0);
  return (
    <>
      <h1>My tasks</h1>
      {groups.length === 0 ? (
        <div className={s.card}>
          <p>
            No tasks yet. Take one from the{' '}
            <Link className={s.link} to={WORKSPACE_PATHS.offers}>
              offers
            </Link>
            .
          </p>
        </div>
      ) : null}
      {groups.map((g) => (
        <section key={g.stage} className={s.card} aria-labelledby={`stage-${g.stage}`}>
          <h2 id={`stage-${g.stage}`}>
            {WORKSPACE_STAGE_LABELS[g.stage]} ({g.items.length})
          </h2>
          <p className={s.muted}>{NEXT[g.stage]}</p>
          <ul className={s.list}>
            {g.items.map((t) => (
              <li key={t._id}>
                <Link className={s.taskLink} to={WORKSPACE_PATHS.task(t._id)}>
                  <span className={s.spread}>
                    <span className={s.taskTitle}>
                      #{t.number} {t.title}
                    </span>
                    <UnreadMark count={t.unread_messages} />
                  </span>
                  <span className={s.muted}>
                    {t.subject} · {t.size} · {formatUsd(t.geek_pay)}
                    {t.mark ? ` · rated ${t.mark} of 5` : ''}
                  </span>
                </Link>
                <TaskDeadlines task={t} now={now} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {tasks.hasNextPage ? (
        <p>
          <Button
            type="button"
            variant="secondary"
            busy={tasks.isFetchingNextPage}
            disabled={tasks.isFetchingNextPage}
            onClick={() => void tasks.fetchNextPage()}
          >
            {tasks.isFetchingNextPage ? 'Loading…' : 'Show more tasks'}
          </Button>
        </p>
      ) : null}
    </>
  );
}
