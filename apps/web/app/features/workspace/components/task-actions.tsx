import type { GeekTaskTransition, WorkspaceTaskDetail } from '@geekly/domain/workspace/workspace-contract.ts';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { announce } from '../../../lib/announce.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useTaskTransition } from '../api/workspace-queries.ts';
import s from './workspace.module.css';

const LABELS: Record<GeekTaskTransition, string> = {
  start_work: 'Start work',
  deliver: 'Deliver',
  deliver_revision: 'Deliver revision',
  give_back: 'Give back',
};
const DONE: Record<GeekTaskTransition, string> = {
  start_work: 'Work started',
  deliver: 'Delivered',
  deliver_revision: 'Revision delivered',
  give_back: 'Task given back',
};

/** What the Geek can do on the task now (the server's `transitions`), each through the state machine. */
export function TaskActions({ task, onGivenBack }: { task: WorkspaceTaskDetail; onGivenBack: () => void }) {
  const run = useTaskTransition(task._id);
  const [error, setError] = useState('');
  const [confirmGiveBack, setConfirmGiveBack] = useState(false);
  const hasFinalDraft = task.files.some((f) => f.from === 'geek' && f.type === 'file_final_draft');
  const act = (name: GeekTaskTransition) => {
    setError('');
    // mutateAsync: a given-back task leaves this page (its refetch answers 404) before per-call callbacks would run.
    run
      .mutateAsync(name)
      .then(() => {
        announce(DONE[name]);
        if (name === 'give_back') onGivenBack();
      })
      .catch((err: unknown) => setError(err instanceof ApiError ? err.text : 'Unknown error'));
  };
  // The machine offers Deliver only once a final draft the student will see is there: until then the button is
  // shown, says what is missing, and does nothing.
  const due: GeekTaskTransition | null =
    task.stage === 'write'
      ? 'deliver'
      : task.stage === 'revise' && task.client_status === 'On revision'
        ? 'deliver_revision'
        : null;
  const delivering = task.transitions.filter((t) => t === 'deliver' || t === 'deliver_revision');
  const blocked = due !== null && !delivering.includes(due);
  if (due && blocked) delivering.push(due);
  const missing = hasFinalDraft
    ? 'The student would not see your final draft (the plagiarism check found plagiarism): upload one without it to deliver.'
    : 'Upload a final draft below to deliver.';
  const others = task.transitions.filter((t) => t === 'start_work');
  const canGiveBack = task.transitions.includes('give_back');
  if (!task.transitions.length && !delivering.length && !task.check.waiting) return null;
  return (
    <section className={s.card} aria-labelledby="next-step">
      <h2 id="next-step">Next step</h2>
      {task.check.waiting ? (
        <p className={s.notice}>
          Delivered. Geekly checks your work before the student sees it; you will see here when it passes or
          comes back with a note.
        </p>
      ) : null}
      {others.includes('start_work') ? (
        <p className={s.muted}>
          Start work when you begin writing: the student sees that their task is in progress.
        </p>
      ) : null}
      {blocked ? (
        <p className={s.muted} id="needs-final-draft">
          {missing}
        </p>
      ) : null}
      <div className={s.row}>
        {others.map((name) => (
          <Button key={name} type="button" disabled={run.isPending} onClick={() => act(name)}>
            {LABELS[name]}
          </Button>
        ))}
        {delivering.map((name) => (
          <Button
            key={name}
            type="button"
            disabled={run.isPending}
            aria-disabled={blocked ? true : undefined}
            aria-describedby={blocked ? 'needs-final-draft' : undefined}
            onClick={() => (blocked ? setError(missing) : act(name))}
          >
            {LABELS[name]}
          </Button>
        ))}
        {canGiveBack ? (
          <Button
            type="button"
            variant="secondary"
            disabled={run.isPending}
            onClick={() => setConfirmGiveBack(true)}
          >
            Give back
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      {confirmGiveBack ? (
        <Dialog title={`Give back task #${task.number}?`} onClose={() => setConfirmGiveBack(false)}>
          <div className={s.form}>
            <p>
              The task goes back to the offers for another Geek, and Geekly is told. You cannot undo this.
            </p>
            <div className={s.row}>
              <Button
                type="button"
                disabled={run.isPending}
                onClick={() => {
                  setConfirmGiveBack(false);
                  act('give_back');
                }}
              >
                Give back
              </Button>
              <Button type="button" variant="secondary" onClick={() => setConfirmGiveBack(false)}>
                Keep the task
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

/** After a revision request: the student's comment, its deadline and files. */
export function RevisionRequest({ task }: { task: WorkspaceTaskDetail }) {
  if (!task.revision || task.stage !== 'revise') return null;
  const files = task.files.filter((f) => f.type === 'client_revision_request_file');
  return (
    <section className={s.card} aria-labelledby="revision">
      <h2 id="revision">Revision requested</h2>
      <p className={s.instructions}>{task.revision.comment || 'The student left no comment.'}</p>
      {files.length ? (
        <p className={s.muted}>
          {files.length === 1 ? 'The student attached a file' : `The student attached ${files.length} files`}:
          see the student's files.
        </p>
      ) : null}
    </section>
  );
}
