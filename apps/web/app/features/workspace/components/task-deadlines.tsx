import type { WorkspaceTask } from '@geekly/domain/workspace/workspace-contract.ts';
import { formatWhen, isUrgent, timeLeft } from './time-left.ts';
import s from './workspace.module.css';

/** The deadlines that still bind the Geek on a task: the draft's, the revision's, the final one. */
function dueDates(t: WorkspaceTask): { label: string; at: string }[] {
  const open = t.stage === 'start' || t.stage === 'write' || t.stage === 'revise';
  if (!open) return [];
  if (t.stage === 'revise' && t.revision_deadline) return [{ label: 'Revision', at: t.revision_deadline }];
  const due: { label: string; at: string }[] = [];
  if (t.draft_deadline && new Date(t.draft_deadline).getTime() > Date.now())
    due.push({ label: 'Draft', at: t.draft_deadline });
  due.push({ label: 'Final', at: t.deadline });
  return due;
}

/** Each binding deadline with the time left to it. */
export function TaskDeadlines({ task, now }: { task: WorkspaceTask; now: number }) {
  const due = dueDates(task);
  if (!due.length) return null;
  return (
    <span className={s.row}>
      {due.map((d) => (
        <span key={d.label} className={isUrgent(d.at, now) ? s.badgeWarn : s.badge} title={formatWhen(d.at)}>
          {d.label}: {timeLeft(d.at, now)}
        </span>
      ))}
    </span>
  );
}
