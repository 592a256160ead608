import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema.ts';
import { mailDeliveries } from '../../lib/metrics.ts';
import { currentRequestId } from '../../lib/request-context.ts';
import type { MailMessage, MailTransport } from './mail-transport.ts';

export type Mailer = {
  /**
   * Writes the message to the outbox inside the caller's transaction. With `dedupeKey`, a message already
   * queued under that key wins and this one is dropped; returns whether it was queued.
   */
  enqueue(
    db: Db,
    message: MailMessage,
    opts?: { dedupeKey?: string; forgetBody?: boolean },
  ): Promise<boolean>;
  /** Starts the worker that sends the outbox (workers.ts; never with `pollMs` 0, where tests drain by hand). */
  start(): void;
  /** Asks the started worker to look at the outbox now (call after commit). */
  kick(): void;
  /** Sends what is due; returns how many were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
};

/** The slice of a pino logger the mail worker writes to. */
type MailLog = {
  info(fields: Record<string, unknown>, msg: string): void;
  error(fields: Record<string, unknown>, msg: string): void;
};

const LEASE_SECONDS = 60;
const DROPPED_BODY = { text: '', html: null };

/** An SMTP answer in the 5xx class (nodemailer's `responseCode`): the address or the mail is refused for good. */
const isPermanentRejection = (err: unknown) => {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};
const BATCH = 10;
const backoffSeconds = (attempts: number) => Math.min(3600, 2 ** attempts * 15);

/**
 * Transactional outbox: at-least-once delivery across processes. A worker claims due rows by pushing
 * next_attempt_at forward (a lease; SKIP LOCKED keeps processes apart), sends, then marks them sent.
 * A crash between send and mark re-sends after the lease: at least once, never lost.
 */
export function createMailer(opts: {
  db: Database;
  transport: MailTransport;
  from: string;
  pollMs?: number;
  /** Where the worker's lines go (the process's pino logger); each names the mail and the request that queued it. */
  log?: MailLog;
}): Mailer {
  const { db, transport, from } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let started = false;
  let stopped = false;

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(
            and(
              isNull(mailOutbox.sentAt),
              isNull(mailOutbox.failedAt),
              lte(mailOutbox.nextAttemptAt, sql`now()`),
            ),
          )
          .orderBy(asc(mailOutbox.nextAttemptAt))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        const rows = [];
        for (const { id } of due) {
          const [row] = await tx
            .update(mailOutbox)
            .set({
              attempts: sql`${mailOutbox.attempts} + 1`,
              nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
            })
            .where(eq(mailOutbox.id, id))
            .returning();
          if (row) rows.push(row);
        }
        return rows;
      });
      if (claimed.length === 0) return sent;
      for (const row of claimed) {
        try {
          await transport.send({
            id: row.id,
            from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
          });
          // Decision 059: once sent, the body (log-in links, receipts) is not kept; the metadata stays.
          await db
            .update(mailOutbox)
            .set({ sentAt: sql`now()`, lastError: null, ...DROPPED_BODY })
            .where(eq(mailOutbox.id, row.id));
          sent++;
          mailDeliveries.inc({ result: 'sent' });
          opts.log?.info({ mailId: row.id, reqId: row.requestId, attempt: row.attempts }, 'mail sent');
        } catch (err) {
          if (isPermanentRejection(err)) {
            // Decision 059: the server refused this mail for good (SMTP 5xx): retrying changes nothing.
            mailDeliveries.inc({ result: 'rejected' });
            opts.log?.error(
              { mailId: row.id, reqId: row.requestId, attempt: row.attempts, err },
              'mail rejected for good; not retried',
            );
            await db
              .update(mailOutbox)
              .set({ failedAt: sql`now()`, lastError: String(err).slice(0, 1000), ...DROPPED_BODY })
              .where(eq(mailOutbox.id, row.id));
            continue;
          }
          mailDeliveries.inc({ result: 'failed' });
          opts.log?.error(
            { mailId: row.id, reqId: row.requestId, attempt: row.attempts, err },
            'mail failed; retried later',
          );
          await db
            .update(mailOutbox)
            .set({
              lastError: String(err).slice(0, 1000),
              nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
            })
            .where(eq(mailOutbox.id, row.id));
        }
      }
    }
  }

  function drain(): Promise<number> {
    running ??= sendDue().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      drain()
        .catch((err) => opts.log?.error({ err }, 'mail worker failed'))
        .finally(() => schedule(opts.pollMs ?? 5000));
    }, ms);
    timer.unref();
  }

  return {
    async enqueue(tx, message, o) {
      const rows = await tx
        .insert(mailOutbox)
        .values({
          ...message,
          dedupeKey: o?.dedupeKey ?? null,
          forgetBody: o?.forgetBody ?? false,
          requestId: currentRequestId(),
        })
        .onConflictDoNothing({ target: mailOutbox.dedupeKey })
        .returning({ id: mailOutbox.id });
      return rows.length > 0;
    },
    start() {
      started = true;
      if (opts.pollMs !== 0) schedule(0);
    },
    kick() {
      if (started && opts.pollMs !== 0) schedule(0);
    },
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
