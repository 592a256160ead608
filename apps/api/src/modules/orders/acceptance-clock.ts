import { AUTO_ACCEPT_DAYS } from '@geekly/domain/orders/acceptance.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { applyOrderTransition } from './apply-order-transition.ts';
import { acceptanceCandidates } from './orders.repository.ts';

const DAY_MS = 86_400_000;
const BATCH = 200;

/**
 * The acceptance clock (decision 036), run every minute by the server and by tests on the app's `now`: a task
 * delivered AUTO_ACCEPT_DAYS ago that the client neither accepted nor disputed is accepted for them, and a task
 * accepted before it was paid in full earns once it is. Each goes through the `auto_accept` transition under the
 * task's lock, so a client accepting at the same moment, a second tick or a second process records the
 * Geek's earning once.
 */
export async function runAcceptanceClock(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const ids = await acceptanceCandidates(
    ctx.database.db,
    new Date(now.getTime() - AUTO_ACCEPT_DAYS * DAY_MS),
    BATCH,
  );
  let accepted = 0;
  for (const id of ids) {
    try {
      await applyOrderTransition(
        ctx,
        { actor: 'system', userId: null, actorId: null },
        id,
        'auto_accept',
        {},
      );
      accepted++;
    } catch (err) {
      // Someone else got there first, or the task changed meanwhile: nothing to do for it.
      if (!(err instanceof AppError)) throw err;
    }
  }
  return accepted;
}

/** The clock's timer in the server process; runs are never concurrent within a process. */
export function startAcceptanceClock(ctx: AppContext, everyMs: number, onError: (err: unknown) => void) {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= runAcceptanceClock(ctx)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
