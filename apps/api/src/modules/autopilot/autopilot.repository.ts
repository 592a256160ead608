import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import { auditLog, autopilotSteps, clientGeeks, geekLogins, orders, users } from '../../db/schema.ts';
import { newReferralCode } from '../../lib/random-codes.ts';
import { hashPassword } from '../auth/password.ts';
import { AUTOPILOT_EMAIL } from '../ops/index.ts';
import { findUserByEmail } from '../users/index.ts';

/** The account the autopilot's uploads and messages are signed and recorded for (it cannot log in). */
export { AUTOPILOT_EMAIL };

/**
 * The autopilot's staff account, created once: its password is random and never kept, so nobody logs in with
 * it. Two processes creating it at once end with one row.
 */
export async function ensureAutopilotAccount(db: Db): Promise<UserRow> {
  const existing = await findUserByEmail(db, AUTOPILOT_EMAIL);
  if (existing) return existing;
  await db
    .insert(users)
    .values({
      email: AUTOPILOT_EMAIL,
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      role: 'staff',
      staffRole: 'support',
      notificationEmail: AUTOPILOT_EMAIL,
      referralCode: newReferralCode(),
    })
    .onConflictDoNothing();
  const row = await findUserByEmail(db, AUTOPILOT_EMAIL);
  if (!row) throw new Error('autopilot account not created');
  return row;
}

/**
 * Tasks the autopilot may work on, oldest payment first, with the steps it already recorded for each (two
 * queries): paid or in progress with a first payment since `since`, or a revision asked for since `since`;
 * never a removed task, nor one staff have acted on (a person took it over).
 */
export async function autopilotTasks(db: Db, since: Date, limit: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.clientRemove, false),
        or(
          and(
            inArray(orders.systemClientStatus, ['Paid', 'In Progress']),
            gt(orders.clientPaidAtFirst, since),
          ),
          and(
            or(eq(orders.systemClientStatus, 'Revision Requested'), eq(orders.clientStatus, 'On revision')),
            gt(orders.clientRevisionAt, since),
          ),
        ),
        // Issue 31: nor one a real Geek acted on in their workspace, nor a real Geek's task.
        sql`not exists (select 1 from ${auditLog} a where a.order_id = ${orders.id} and a.actor_type in ('staff', 'geek'))`,
        sql`not exists (select 1 from ${geekLogins} l where l.geek_id = ${orders.geekId})`,
      ),
    )
    .orderBy(asc(orders.clientPaidAtFirst), asc(orders.id))
    .limit(limit);
  const steps = rows.length
    ? await db
        .select({ orderId: autopilotSteps.orderId, step: autopilotSteps.step })
        .from(autopilotSteps)
        .where(
          inArray(
            autopilotSteps.orderId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const done = new Map<string, Set<string>>(rows.map((r) => [r.id, new Set<string>()]));
  for (const s of steps) done.get(s.orderId)?.add(s.step);
  return rows.map((order) => ({ order, done: done.get(order.id) ?? new Set<string>() }));
}

/**
 * Records a step in the caller's transaction; false when it is already recorded (another process, or an earlier
 * tick, did it), and the caller then rolls its transaction back.
 */
export async function recordStep(tx: Db, orderId: string, step: string, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(autopilotSteps)
    .values({ orderId, step, at })
    .onConflictDoNothing()
    .returning({ step: autopilotSteps.step });
  return inserted.length === 1;
}

/** The Geeks a client blocked (docs/product/geeks.md writer_blocked): the autopilot never assigns them. */
export async function blockedGeekIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: clientGeeks.geekId })
    .from(clientGeeks)
    .where(and(eq(clientGeeks.userId, userId), eq(clientGeeks.blocked, true)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Issue 31, the demo's simulated staff: real Geeks' deliveries waiting for the quality check since before
 * `heldBefore`, that no staff account acted on.
 */
export async function deliveriesToCheck(db: Db, heldBefore: Date, limit: number) {
  return db
    .select({ id: orders.id, heldAt: orders.checkRequestedAt })
    .from(orders)
    .where(
      and(
        sql`${orders.tags} ? 'quality_check'`,
        sql`${orders.checkRequestedAt} < ${heldBefore.toISOString()}`,
        sql`not exists (select 1 from ${auditLog} a where a.order_id = ${orders.id} and a.actor_type = 'staff')`,
      ),
    )
    .orderBy(asc(orders.checkRequestedAt))
    .limit(limit);
}
