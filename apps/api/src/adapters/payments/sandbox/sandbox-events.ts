import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { sandboxGatewayEvents, sandboxGatewaySessions } from '../../../db/schema.ts';
import { signWebhook } from './sandbox-signing.ts';

type SessionRow = typeof sandboxGatewaySessions.$inferSelect;
type SandboxEventType = 'payment.succeeded' | 'payment.failed' | 'payment.expired';

/** Posts one signed event to the merchant's webhook; true when it was accepted (2xx). */
export type WebhookSender = (body: string, signature: string) => Promise<boolean>;

/**
 * The sandbox gateway's webhook outbox: an event is written in the same transaction as the session's new state
 * and delivered afterwards; what was not delivered (a crash, a merchant error) is retried by the worker.
 */
export function createSandboxEvents(opts: {
  db: Db;
  secret: string;
  send: WebhookSender;
  now: () => Date;
  /** 0 disables the background worker (tests call deliverPending themselves). */
  pollMs: number;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function record(tx: Db, session: SessionRow, type: SandboxEventType, reason?: string) {
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const payload = {
      id,
      type,
      created: Math.floor(opts.now().getTime() / 1000),
      data: {
        payment_id: session.merchantPaymentId,
        session_id: session.id,
        amount_cents: session.amountCents,
        ...(type === 'payment.succeeded' && session.cardFingerprint
          ? { card_fingerprint: session.cardFingerprint }
          : {}),
        ...(reason ? { reason } : {}),
      },
    };
    await tx.insert(sandboxGatewayEvents).values({ id, sessionId: session.id, payload });
    return id;
  }

  async function deliver(eventId: string): Promise<boolean> {
    const [event] = await opts.db
      .select()
      .from(sandboxGatewayEvents)
      .where(eq(sandboxGatewayEvents.id, eventId));
    if (!event || event.deliveredAt) return true;
    const body = JSON.stringify(event.payload);
    let ok = false;
    try {
      ok = await opts.send(body, signWebhook(opts.secret, body, Math.floor(opts.now().getTime() / 1000)));
    } catch {
      ok = false;
    }
    await opts.db
      .update(sandboxGatewayEvents)
      .set(ok ? { deliveredAt: opts.now() } : { attempts: event.attempts + 1 })
      .where(and(eq(sandboxGatewayEvents.id, eventId), isNull(sandboxGatewayEvents.deliveredAt)));
    return ok;
  }

  /** Open sessions past their time become expired, and the merchant hears of it. */
  async function expireSession(session: SessionRow): Promise<string | null> {
    return opts.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(sandboxGatewaySessions)
        .where(eq(sandboxGatewaySessions.id, session.id))
        .for('update');
      if (locked?.status !== 'open') return null;
      await tx
        .update(sandboxGatewaySessions)
        .set({ status: 'expired' })
        .where(eq(sandboxGatewaySessions.id, session.id));
      return record(tx, locked, 'payment.expired');
    });
  }

  async function sweep() {
    const stale = await opts.db
      .select()
      .from(sandboxGatewaySessions)
      .where(and(eq(sandboxGatewaySessions.status, 'open'), lt(sandboxGatewaySessions.expiresAt, opts.now())))
      .limit(50);
    for (const s of stale) await expireSession(s);
    const pending = await opts.db
      .select({ id: sandboxGatewayEvents.id })
      .from(sandboxGatewayEvents)
      .where(isNull(sandboxGatewayEvents.deliveredAt))
      .orderBy(asc(sandboxGatewayEvents.createdAt))
      .limit(50);
    for (const e of pending) await deliver(e.id);
  }

  /** Delivers every undelivered event and expires stale sessions; safe to run from several processes. */
  function deliverPending(): Promise<void> {
    running ??= sweep().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    record,
    deliver,
    expireSession,
    deliverPending,
    start() {
      if (opts.pollMs > 0 && !timer) {
        timer = setInterval(() => void deliverPending().catch(() => {}), opts.pollMs);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type SandboxEvents = ReturnType<typeof createSandboxEvents>;
