import type { TransitionName } from '@geekly/domain/orders/order-machine.ts';

// The demo autopilot's timetable (decision 022), as pure functions of a task's row: which step comes next and
// when it is due. Work is timed from the first payment and ends with the delivery AUTOPILOT_MINUTES later; a
// revision is timed from its request and takes half as long. The state machine still has the last word: every
// transition goes through its guard when it is applied.

/** The task fields the timetable reads (an OrderRow has them all). */
type PlanTask = {
  id: string;
  systemClientStatus: string;
  clientStatus: string | null;
  tags: readonly string[];
  clientPaidAtFirst: Date | null;
  clientRevisionAt: Date | null;
};

export type PlannedStep = {
  /** The step's key in autopilot_steps: the round (`work` or `revision-<request ms>`), then the step. */
  key: string;
  dueAt: Date;
} & (
  | {
      kind: 'transition';
      name: Extract<TransitionName, 'accept_instructions' | 'start_work' | 'accept_revision'>;
    }
  | { kind: 'assign' }
  | { kind: 'message'; revision: boolean }
  | {
      kind: 'deliver';
      name: Extract<TransitionName, 'deliver' | 'deliver_revision'>;
      /** The key of the document's upload, done first unless already done. */
      fileKey: string;
      revision: boolean;
    }
);

/**
 * Share of AUTOPILOT_MINUTES after the payment at which each step of the work is due. A simulated Geek takes the
 * offer only once it has been open for half the autopilot's time (issue 31), so a real Geek can take it first.
 */
export const WORK_TIMES = {
  accept_instructions: 0.1,
  assign_geek: 0.6,
  start_work: 0.7,
  message: 0.8,
  deliver: 1,
} as const;

/** Share of AUTOPILOT_MINUTES a real Geek's delivery waits before the simulated staff pass its quality check. */
export const CHECK_WAIT = 0.1;

/** Share of AUTOPILOT_MINUTES after a revision request at which each step of the revision is due. */
const REVISION_TIMES = { accept_revision: 0.1, message: 0.2, deliver_revision: 0.5 } as const;

/** The work in progress: the Geek started and has not delivered yet. */
export const isWorking = (t: Pick<PlanTask, 'systemClientStatus' | 'clientStatus'>) =>
  t.systemClientStatus === 'In Progress' && t.clientStatus === 'In progress';

export const isOnRevision = (t: Pick<PlanTask, 'clientStatus'>) => t.clientStatus === 'On revision';

/** The revision round of a task: one per revision request. */
const revisionRound = (requestedAt: Date) => `revision-${requestedAt.getTime()}`;

/**
 * The task's next step and when it is due, or null when the autopilot has nothing to do. `done` holds the keys
 * of the steps already recorded for the task.
 */
export function nextStep(task: PlanTask, done: ReadonlySet<string>, minutes: number): PlannedStep | null {
  const span = minutes * 60_000;
  const at = (from: Date, share: number) => new Date(from.getTime() + share * span);

  const paidAt = task.clientPaidAtFirst;
  if (paidAt && task.systemClientStatus === 'Paid') {
    if (!task.tags.includes('instr_ok'))
      return {
        kind: 'transition',
        name: 'accept_instructions',
        key: 'work:accept_instructions',
        dueAt: at(paidAt, WORK_TIMES.accept_instructions),
      };
    return { kind: 'assign', key: 'work:assign_geek', dueAt: at(paidAt, WORK_TIMES.assign_geek) };
  }
  if (paidAt && task.systemClientStatus === 'In Progress' && task.clientStatus === 'Nerd found')
    return {
      kind: 'transition',
      name: 'start_work',
      key: 'work:start_work',
      dueAt: at(paidAt, WORK_TIMES.start_work),
    };
  if (paidAt && isWorking(task)) {
    if (!done.has('work:message'))
      return { kind: 'message', revision: false, key: 'work:message', dueAt: at(paidAt, WORK_TIMES.message) };
    return {
      kind: 'deliver',
      name: 'deliver',
      key: 'work:deliver',
      fileKey: 'work:file',
      revision: false,
      dueAt: at(paidAt, WORK_TIMES.deliver),
    };
  }

  const askedAt = task.clientRevisionAt;
  if (!askedAt) return null;
  const round = revisionRound(askedAt);
  if (task.systemClientStatus === 'Revision Requested' && task.clientStatus === 'Revision requested')
    return {
      kind: 'transition',
      name: 'accept_revision',
      key: `${round}:accept_revision`,
      dueAt: at(askedAt, REVISION_TIMES.accept_revision),
    };
  if (isOnRevision(task)) {
    if (!done.has(`${round}:message`))
      return {
        kind: 'message',
        revision: true,
        key: `${round}:message`,
        dueAt: at(askedAt, REVISION_TIMES.message),
      };
    return {
      kind: 'deliver',
      name: 'deliver_revision',
      key: `${round}:deliver_revision`,
      fileKey: `${round}:file`,
      revision: true,
      dueAt: at(askedAt, REVISION_TIMES.deliver_revision),
    };
  }
  return null;
}

type GeekCandidate = {
  id: string;
  /** A real Geek's workspace log-in: the autopilot plays only the simulated Geeks (those without one). */
  loginEmail: string | null;
  publicFullName: string;
  major: string;
  publicSubjects: readonly string[];
  isDisabled: boolean;
  load: number;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The Geek the autopilot assigns, among the simulated ones (no workspace log-in): the client's chosen Preferred Geek if enabled; otherwise the least loaded
 * enabled Geek who fits the task's course (a subject or the major), and failing that the least loaded enabled
 * one. Geeks the client blocked are never chosen.
 */
export function chooseGeek(
  task: { subject: string; services: readonly { tag: string; writerId?: string | null }[] },
  geeks: readonly GeekCandidate[],
  blockedIds: ReadonlySet<string>,
): GeekCandidate | null {
  const open = geeks.filter((g) => !g.isDisabled && !blockedIds.has(g.id) && g.loginEmail === null);
  const preferredId = task.services.find((s) => s.tag === 'client_recomended_writer')?.writerId;
  const preferred = preferredId ? open.find((g) => g.id === preferredId) : undefined;
  if (preferred) return preferred;
  const byLoad = [...open].sort(
    (a, b) => a.load - b.load || a.publicFullName.localeCompare(b.publicFullName),
  );
  const fits = byLoad.filter(
    (g) => g.publicSubjects.some((s) => same(s, task.subject)) || same(g.major, task.subject),
  );
  return fits[0] ?? byLoad[0] ?? null;
}

const QUOTES = `"'“”„‟‘’‚‛«»‹›`;
const EDGE_QUOTES = new RegExp(`^[${QUOTES}]+|[${QUOTES}]+$`, 'gu');

/** A task's title in curly quotes for the autopilot's words, without doubling quotes the title has already. */
export function quotedTitle(title: string) {
  const bare = title.trim().replace(EDGE_QUOTES, '').trim();
  return `“${bare || title.trim()}”`;
}
