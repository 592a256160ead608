import { centsToDollars, dollarsToCents, formatDollars } from '@geekly/domain/money.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { lockStaffMoney, staffMoneySinceCents } from './ops.repository.ts';

/** The staff actions that move money to a client (decision 029). */
type StaffMoneyAction = 'balance_credit' | 'refund' | 'accept_refund';

type StaffMoneyMove = {
  action: StaffMoneyAction;
  amountCents: number;
  orderId?: string;
  subjectId?: string;
};

const DAY_MS = 24 * 3_600_000;

const VERB: Record<StaffMoneyAction, string> = {
  balance_credit: 'credit',
  refund: 'refund',
  accept_refund: 'refund',
};

/** A support account asked for more than its limits allow; the refusal is audited after the rollback. */
class StaffMoneyRefused extends AppError {
  readonly move: StaffMoneyMove;
  readonly reason: 'at_once' | 'daily';
  readonly limitCents: number;

  constructor(move: StaffMoneyMove, reason: 'at_once' | 'daily', limitCents: number, leftCents: number) {
    const verb = VERB[move.action];
    super(
      'FORBIDDEN',
      reason === 'at_once'
        ? `Support staff can ${verb} at most ${formatDollars(limitCents)} at once`
        : `Support staff can give at most ${formatDollars(limitCents)} in 24 hours; ${formatDollars(leftCents)} is left`,
      reason === 'at_once'
        ? { errorType: 'refund_over_limit', errorValue: { limit: centsToDollars(limitCents) } }
        : {
            errorType: 'daily_limit_reached',
            errorValue: { limit: centsToDollars(limitCents), left: centsToDollars(leftCents) },
          },
    );
    this.move = move;
    this.reason = reason;
    this.limitCents = limitCents;
  }
}

/**
 * Decision 029: holds a support account to SUPPORT_REFUND_LIMIT for one action and SUPPORT_DAILY_LIMIT over the
 * last 24 hours, across credits, accepted refund requests and partial refunds; admins are not limited. Called in
 * the transaction of the change, under a transaction-scoped advisory lock per staff account, so two actions of
 * one account at once are counted one after the other. The action's audit row carries its amount
 * (`audit_log.amount_cents`), which is what the daily total sums.
 */
export async function checkStaffMoney(ctx: AppContext, tx: Db, staff: UserRow, move: StaffMoneyMove) {
  if (staff.staffRole === 'admin') return;
  const atOnce = dollarsToCents(ctx.config.SUPPORT_REFUND_LIMIT);
  if (move.amountCents > atOnce) throw new StaffMoneyRefused(move, 'at_once', atOnce, 0);
  await lockStaffMoney(tx, staff.id);
  const daily = dollarsToCents(ctx.config.SUPPORT_DAILY_LIMIT);
  const given = await staffMoneySinceCents(tx, staff.id, new Date(ctx.now().getTime() - DAY_MS));
  const left = Math.max(0, daily - given);
  if (move.amountCents > left) throw new StaffMoneyRefused(move, 'daily', daily, left);
}

/**
 * Runs a staff money change; when the limits refuse it (the change's transaction rolled back), writes the
 * refusal's audit row in a transaction of its own and passes the refusal on.
 */
export async function auditingRefusals<T>(ctx: AppContext, staff: UserRow, change: () => Promise<T>) {
  try {
    return await change();
  } catch (err) {
    if (!(err instanceof StaffMoneyRefused)) throw err;
    await writeAudit(ctx.database.db, staffActor(staff), {
      action: 'money_refused',
      orderId: err.move.orderId ?? null,
      subjectId: err.move.subjectId ?? null,
      details: {
        action: err.move.action,
        amount: centsToDollars(err.move.amountCents),
        reason: err.reason,
        limit: centsToDollars(err.limitCents),
      },
    });
    throw err;
  }
}
