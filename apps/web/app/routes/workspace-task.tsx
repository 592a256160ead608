import { WORKSPACE_PATHS, WORKSPACE_STAGE_LABELS } from '@geekly/domain/workspace/workspace-contract.ts';
import { Link, useNavigate, useParams } from 'react-router';
import { useTask } from '../features/workspace/api/workspace-queries.ts';
import { ADD_ON_LABELS } from '../features/workspace/components/add-ons.ts';
import { RevisionRequest, TaskActions } from '../features/workspace/components/task-actions.tsx';
import { TaskConversation } from '../features/workspace/components/task-conversation.tsx';
import { TaskDeadlines } from '../features/workspace/components/task-deadlines.tsx';
import { GeekFiles, StudentFiles } from '../features/workspace/components/task-files.tsx';
import { formatWhen, useNow } from '../features/workspace/components/time-left.ts';
import s from '../features/workspace/components/workspace.module.css';
import { ApiError } from '../lib/api-client.ts';
import { formatUsd } from '../lib/format-money.ts';

export function meta() {
  return [{ title: 'Task — Geekly workspace' }];
}

/** The add-ons that change the work itself (the others are shown on the offer). */
const WORK_CHANGING = ['draft_needed', 'adv_plagreport', 'prioritize_my_task'] as const;

/**
 * /workspace/tasks/:orderId: the instructions, details and the student's files; the Geek's files and
 * uploads; the next step (Start work, Deliver, Deliver revision, Give back); the conversation. Live.
 */
export default function WorkspaceTask() {
  const { orderId = '' } = useParams();
  const task = useTask(orderId);
  const now = useNow();
  const navigate = useNavigate();
  if (task.error instanceof ApiError && task.error.status === 404)
    return (
      <>
        <h1>Task not found</h1>
        <p>
          This task is not yours, or it no longer is.{' '}
          <Link className={s.link} to={WORKSPACE_PATHS.tasks}>
            Back to my tasks
          </Link>
        </p>
      </>
    );
  if (task.isError)
    return (
      <>
        <h1>Task</h1>
        <p role="alert" className={s.alert}>
          The task could not be loaded.
        </p>
      </>
    );
  if (!task.data)
    return (
      <>
        <h1>Task</h1>
        <p className={s.muted}>Loading…</p>
      </>
    );
  const t = task.data;
  const addOns = t.add_ons.filter((a) => (WORK_CHANGING as readonly string[]).includes(a));
  const open = t.stage === 'start' || t.stage === 'write' || t.stage === 'revise';
  return (
    <>
      <div className={s.fieldStack}>
        <Link className={s.link} to={WORKSPACE_PATHS.tasks}>
          ← My tasks
        </Link>
        <h1>
          #{t.number} {t.title}
        </h1>
        <div className={s.row}>
          <span className={s.badge}>{WORKSPACE_STAGE_LABELS[t.stage]}</span>
          <TaskDeadlines task={t} now={now} />
        </div>
      </div>
      {t.check.returned_note && open ? (
        <p className={s.alert} role="status">
          Geekly returned your delivery: {t.check.returned_note}
        </p>
      ) : null}
      <div className={s.columns}>
        <div className={s.stack}>
          <TaskActions task={t} onGivenBack={() => navigate(WORKSPACE_PATHS.tasks)} />
          <RevisionRequest task={t} />
          <section className={s.card} aria-labelledby="instructions">
            <h2 id="instructions">Instructions</h2>
            <p className={s.instructions}>{t.details || 'The student wrote no instructions.'}</p>
          </section>
          <section className={s.card} aria-labelledby="details">
            <h2 id="details">Details</h2>
            <dl className={s.facts}>
              <dt>Student</dt>
              <dd>{t.student}</dd>
              <dt>Course</dt>
              <dd>{t.subject}</dd>
              <dt>Type</dt>
              <dd>{t.request_type ?? 'Not given'}</dd>
              <dt>Pages</dt>
              <dd>
                {t.size}
                {t.spacing ? `, ${t.spacing}` : ''}
              </dd>
              <dt>Level</dt>
              <dd>{t.level}</dd>
              <dt>Deadline</dt>
              <dd>{formatWhen(t.deadline)}</dd>
              {t.draft_deadline ? (
                <>
                  <dt>Draft due</dt>
                  <dd>{formatWhen(t.draft_deadline)}</dd>
                </>
              ) : null}
              {t.revision_deadline ? (
                <>
                  <dt>Revision due</dt>
                  <dd>{formatWhen(t.revision_deadline)}</dd>
                </>
              ) : null}
              <dt>Your pay</dt>
              <dd>{formatUsd(t.geek_pay)}</dd>
              {t.mark ? (
                <>
                  <dt>Rating</dt>
                  <dd>{t.mark} of 5</dd>
                </>
              ) : null}
            </dl>
            {addOns.length ? (
              <>
                <h3>Add-ons</h3>
                <ul className={s.plainList}>
                  {addOns.map((a) => (
                    <li key={a} className={s.badge}>
                      {ADD_ON_LABELS[a]}
                    </li>
                  ))}
                </ul>
                {addOns.includes('draft_needed') ? (
                  <p className={s.muted}>Upload a draft by the draft deadline.</p>
                ) : null}
                {addOns.includes('adv_plagreport') ? (
                  <p className={s.muted}>Deliver a plagiarism report with the final draft.</p>
                ) : null}
              </>
            ) : null}
            {t.feedback ? (
              <>
                <h3>The student's feedback</h3>
                <p className={s.instructions}>{t.feedback}</p>
              </>
            ) : null}
          </section>
          <StudentFiles files={t.files} />
          <GeekFiles task={t} canUpload={open} />
        </div>
        <TaskConversation task={t} />
      </div>
    </>
  );
}
