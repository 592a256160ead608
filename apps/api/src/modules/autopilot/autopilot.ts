import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow, UserRow } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { autopilotSteps } from '../../lib/metrics.ts';
import { withRequestId } from '../../lib/request-context.ts';
import type { AuditActor } from '../audit/audit.ts';
import { attachGeekFiles, createGeekUpload } from '../files/geek-files.ts';
import { sendOpsMessage } from '../messages/send-message.ts';
import { findGeek, listGeeks } from '../ops/index.ts';
import { runOperatorTransition } from '../ops/operator-orders.ts';
import { lockOrder } from '../orders/index.ts';
import {
  autopilotTasks,
  blockedGeekIds,
  deliveriesToCheck,
  ensureAutopilotAccount,
  recordStep,
} from './autopilot.repository.ts';
import {
  CHECK_WAIT,
  chooseGeek,
  isOnRevision,
  isWorking,
  nextStep,
  type PlannedStep,
  quotedTitle,
} from './autopilot-plan.ts';

// The demo autopilot (issue 16, decision 022): a simulated team that works every newly paid task through the same
// operator use cases as the back office: the state machine's transitions, the Geek's files and messages, each
// with its audit row (actor `autopilot`) in the transaction of the change. Each step is also recorded in
// autopilot_steps in that transaction, so a step is done once even with several API processes on one database.

const AUTOPILOT: AuditActor = { type: 'autopilot' };

/** A task paid (or a revision asked for) longer ago than this is left to staff: the demo's seeded tasks are. */
const PICKUP_WINDOW_MS = 24 * 3_600_000;
const TASKS_PER_TICK = 100;

/** Another process (or the task's new state) got there first: the step's transaction is rolled back. */
class StepGone extends Error {}

const record = async (tx: Db, order: OrderRow, step: PlannedStep, now: Date) => {
  if (!(await recordStep(tx, order.id, step.key, now))) throw new StepGone(step.key);
};

/** Under the task's row lock: the task is still in the state the step was planned for. */
async function stillDue(tx: Db, order: OrderRow, step: PlannedStep) {
  const locked = await lockOrder(tx, order.id, null);
  const revision = step.kind === 'message' || step.kind === 'deliver' ? step.revision : false;
  const ok =
    locked &&
    (revision
      ? isOnRevision(locked) && locked.clientRevisionAt?.getTime() === order.clientRevisionAt?.getTime()
      : isWorking(locked));
  if (!ok) throw new StepGone(step.key);
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

function geekMessage(order: OrderRow, geekName: string, revision: boolean) {
  if (revision)
    return (
      `Thanks for your notes on ${quotedTitle(order.title)}! I've read them carefully and I'm working on the revision now. ` +
      `You'll get the revised file here shortly. — ${firstName(geekName)}`
    );
  return (
    `Hi! I'm ${firstName(geekName)}, your Geek for ${quotedTitle(order.title)}. I've read your instructions and started ` +
    `working on it. I'll send you the finished file here as soon as it's ready; if you have anything to add, ` +
    `just write to me in this chat.`
  );
}

/** The generated document, stored through the storage adapter and recorded as the Geek's final draft. */
async function uploadDocument(
  ctx: AppContext,
  account: UserRow,
  order: OrderRow,
  step: Extract<PlannedStep, { kind: 'deliver' }>,
  geekName: string,
) {
  // pdf-lib is loaded on the first delivery, not at the server's start (decision 034).
  const { demoDocument } = await import('./autopilot-document.ts');
  const bytes = await demoDocument({
    number: order.number,
    title: order.title,
    subject: order.subject,
    level: order.level,
    size: order.size,
    requestType: order.requestType,
    deadline: order.deadline,
    details: order.details,
    geekName,
    revisionComment: step.revision ? (order.revisionComment ?? '') : null,
  });
  const name = `Task-${order.number}-${step.revision ? 'revised' : 'final'}-draft.pdf`;
  const type = 'application/pdf';
  const signed = await createGeekUpload(ctx, account, order.id, { name, size: bytes.length, type });
  await ctx.storage.put(signed.location, bytes, type);
  const fileStep = { ...step, key: step.fileKey };
  try {
    await attachGeekFiles(
      ctx,
      account,
      order.id,
      [
        {
          location: signed.location,
          name,
          size: bytes.length,
          type: 'file_final_draft',
          // The demo's check: no plagiarism found, a low similarity level.
          plag_status: 'not_found',
          plag_level: 1 + (order.number % 5),
        },
      ],
      {
        actor: AUTOPILOT,
        onRecorded: async (tx) => {
          await stillDue(tx, order, fileStep);
          await record(tx, order, fileStep, ctx.now());
        },
      },
    );
  } catch (err) {
    await ctx.storage.remove(signed.location).catch(() => {});
    throw err;
  }
}

/** Carries out one due step of a task. */
async function carryOut(
  ctx: AppContext,
  account: UserRow,
  order: OrderRow,
  step: PlannedStep,
  done: ReadonlySet<string>,
) {
  const db = ctx.database.db;
  const onApplied = (tx: Db) => record(tx, order, step, ctx.now());
  switch (step.kind) {
    case 'transition':
      await runOperatorTransition(ctx, AUTOPILOT, order.id, { name: step.name }, { onApplied });
      return;
    case 'assign': {
      const [geeks, blocked] = await Promise.all([listGeeks(db), blockedGeekIds(db, order.userId)]);
      const geek = chooseGeek(order, geeks, blocked);
      // No enabled Geek at all: the task waits for staff (or for a Geek to be added).
      if (!geek) return;
      await runOperatorTransition(
        ctx,
        AUTOPILOT,
        order.id,
        { name: 'assign_geek', writer_id: geek.id },
        { onApplied },
      );
      return;
    }
    case 'message': {
      const geek = order.geekId ? await findGeek(db, order.geekId) : undefined;
      await sendOpsMessage(
        ctx,
        account,
        order.id,
        {
          message: geekMessage(order, geek?.publicFullName ?? 'your Geek', step.revision),
          sender_role: 'writer',
          files: [],
        },
        {
          actor: AUTOPILOT,
          beforeSend: async (tx) => {
            await stillDue(tx, order, step);
            await record(tx, order, step, ctx.now());
          },
        },
      );
      return;
    }
    case 'deliver': {
      if (!done.has(step.fileKey)) {
        const geek = order.geekId ? await findGeek(db, order.geekId) : undefined;
        await uploadDocument(ctx, account, order, step, geek?.publicFullName ?? 'Geekly');
      }
      await runOperatorTransition(ctx, AUTOPILOT, order.id, { name: step.name }, { onApplied });
      return;
    }
  }
}

/**
 * One pass: every task the autopilot works on gets its next step if that step is due. Answers how many steps were
 * done. A step another process did first, or that the task's new state no longer allows, is skipped.
 */
export async function runAutopilot(
  ctx: AppContext,
  account: UserRow,
  onError: (err: unknown) => void = () => {},
): Promise<number> {
  const minutes = ctx.config.AUTOPILOT_MINUTES;
  if (minutes <= 0) return 0;
  const now = ctx.now();
  const tasks = await autopilotTasks(
    ctx.database.db,
    new Date(now.getTime() - PICKUP_WINDOW_MS),
    TASKS_PER_TICK,
  );
  let steps = await passChecks(ctx, now, minutes, onError);
  for (const { order, done } of tasks) {
    const step = nextStep(order, done, minutes);
    if (!step || step.dueAt > now) continue;
    try {
      // Each step's audit rows and mail carry an id of their own, as a request's do (decision 032).
      await withRequestId(`autopilot-${randomUUID()}`, () => carryOut(ctx, account, order, step, done));
      autopilotSteps.inc({ step: 'name' in step ? step.name : step.kind });
      steps += 1;
    } catch (err) {
      // Lost a race or the state moved on (a refused transition): the next pass plans again from the new state.
      if (err instanceof StepGone || (err instanceof AppError && err.code === 'NOT_ALLOWED')) continue;
      onError(err);
    }
  }
  return steps;
}

/**
 * The demo's simulated staff pass a real Geek's delivery through the quality check after a short wait (CHECK_WAIT
 * of the autopilot's time), through the operator transition like staff, once per delivery.
 */
async function passChecks(ctx: AppContext, now: Date, minutes: number, onError: (err: unknown) => void) {
  const waiting = await deliveriesToCheck(
    ctx.database.db,
    new Date(now.getTime() - CHECK_WAIT * minutes * 60_000),
    TASKS_PER_TICK,
  );
  let passed = 0;
  for (const task of waiting) {
    const key = `check:${task.heldAt?.getTime() ?? 0}`;
    try {
      await withRequestId(`autopilot-${randomUUID()}`, () =>
        runOperatorTransition(
          ctx,
          AUTOPILOT,
          task.id,
          { name: 'pass_check' },
          {
            onApplied: async (tx) => {
              if (!(await recordStep(tx, task.id, key, ctx.now()))) throw new StepGone(key);
            },
          },
        ),
      );
      autopilotSteps.inc({ step: 'pass_check' });
      passed += 1;
    } catch (err) {
      if (err instanceof StepGone || (err instanceof AppError && err.code === 'NOT_ALLOWED')) continue;
      onError(err);
    }
  }
  return passed;
}

/** How often the autopilot looks: often enough that steps a few seconds apart happen on time. */
const tickMs = (minutes: number) => Math.min(10_000, Math.max(500, Math.round((minutes * 60_000) / 30)));

/**
 * The autopilot's timer in the server process (off when AUTOPILOT_MINUTES is 0); passes never overlap within a
 * process. Answers the function that stops it, waiting for a pass under way.
 */
export function startAutopilot(ctx: AppContext, onError: (err: unknown) => void): () => Promise<void> {
  const minutes = ctx.config.AUTOPILOT_MINUTES;
  if (minutes <= 0) return async () => {};
  let account: UserRow | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running ??= (async () => {
      account ??= await ensureAutopilotAccount(ctx.database.db);
      await runAutopilot(ctx, account, onError);
    })()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, tickMs(minutes));
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
