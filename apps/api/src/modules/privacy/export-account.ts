import type { Readable } from 'node:stream';
import { centsToDollars } from '@geekly/domain/money.ts';
import { filesForClient, isFileLocked } from '@geekly/domain/orders/geek-files.ts';
import { historyLine } from '@geekly/domain/payments/ledger-vocabulary.ts';
import { EXPORTS_PER_DAY, PERSONAL_DATA_MESSAGES } from '@geekly/domain/users/personal-data.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { zipStream } from '../files/download-all.ts';
import { takeQuota } from '../limits/quotas.ts';
import { statusInput } from '../orders/order-view.ts';
import { referralFigures } from '../referral/index.ts';
import { findUserById } from '../users/index.ts';
import {
  exportBalanceEntries,
  exportCardRefunds,
  exportDevices,
  exportGeekMarks,
  exportLogIns,
  exportMessages,
  exportOrderFiles,
  exportOrders,
  exportPayments,
  exportPhoneChecks,
  exportSubscriptions,
} from './export.repository.ts';

const DAY_MS = 24 * 3_600_000;
const iso = (d: Date | null) => d?.toISOString() ?? null;
const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

type ZipEntry = { location: string; name: string; size: number; createdAt: Date };

/**
 * Decision 058: what the export holds. account.json is built from one query per table; the files are listed
 * with the path they get in the zip and streamed from storage only when the zip reaches them.
 */
async function collectAccountData(db: Db, user: UserRow, now: Date) {
  const [
    taskRows,
    messages,
    files,
    paymentRows,
    balance,
    refunds,
    subs,
    devices,
    logIns,
    phones,
    marks,
    referral,
  ] = await Promise.all([
    exportOrders(db, user.id),
    exportMessages(db, user.id),
    exportOrderFiles(db, user.id),
    exportPayments(db, user.id),
    exportBalanceEntries(db, user.id),
    exportCardRefunds(db, user.id),
    exportSubscriptions(db, user.id),
    exportDevices(db, user.id),
    exportLogIns(db, user.id),
    exportPhoneChecks(db, user.id),
    exportGeekMarks(db, user.id),
    referralFigures(db, user),
  ]);
  const entries: ZipEntry[] = [];
  const tasks = taskRows.map((o) => {
    const status = statusInput(o, o.paidCents);
    // The files the student may download today: theirs, and the Geek's the rules show and have unlocked.
    const visible = filesForClient(
      status,
      files
        .filter((f) => f.orderId === o.id)
        .map((f) => ({
          ...f,
          plag_status: f.plagStatus,
          plag_level: f.plagLevel,
          override_pgch: f.overridePgch,
        })),
    ).filter((f) => !isFileLocked(status, f.type));
    for (const f of visible)
      entries.push({
        location: f.location,
        name: `files/task-${o.number}/${f.name}`,
        size: f.size,
        createdAt: f.createdAt,
      });
    const taskMessages = messages.filter((m) => m.orderId === o.id);
    for (const m of taskMessages)
      for (const f of m.files)
        entries.push({
          location: f.location,
          name: `files/task-${o.number}/messages/${f.name}`,
          size: f.size,
          createdAt: m.createdAt,
        });
    return {
      number: o.number,
      title: o.title,
      course: o.subject,
      instructions: o.details,
      academic_level: o.level,
      spacing: o.spacing,
      size: o.size,
      request_type: o.requestType,
      add_ons: o.services.map((s) => s.tag),
      deadline: iso(o.deadline),
      price: dollars(o.priceCents),
      paid: dollars(o.paidCents),
      tips: dollars(o.tipsPaidCents),
      status: o.systemClientStatus,
      progress: o.clientStatus,
      mark: o.mark || null,
      feedback: o.feedback,
      revision_comment: o.revisionComment,
      refund_comment: o.refundComment,
      created_at: iso(o.createdAt),
      files: visible.map((f) => ({ name: f.name, size: f.size, type: f.type, created_at: iso(f.createdAt) })),
      messages: taskMessages.map((m) => ({
        from:
          m.senderRole === 'client'
            ? 'you'
            : m.senderRole === 'writer'
              ? (m.geekName ?? 'Geek')
              : m.senderRole,
        text: m.message,
        files: m.files.map((f) => f.name),
        at: iso(m.createdAt),
      })),
    };
  });
  const account = {
    format: 'geekly-account-export/1',
    exported_at: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      notification_email: user.notificationEmail,
      pending_notification_email: user.pendingNotificationEmail,
      phone: user.phone,
      phone_verified_at: iso(user.phoneVerifiedAt),
      country: user.country,
      sign_up_country: user.signupCountry,
      time_zone: user.timezoneStr,
      signs_in_with_google: user.googleSub !== null,
      has_password: user.passwordHash !== null,
      landing_page: user.profileLanding,
      created_at: iso(user.createdAt),
    },
    consent: {
      cookies:
        'Your cookie choices are kept only in your browser (local storage "consentMode"), never on our servers.',
      marketing_email: false,
    },
    tasks,
    payments: paymentRows.map((p) => ({
      id: p.id,
      purpose: p.purpose,
      task: p.orderNumber,
      card_amount: dollars(p.amountCents),
      balance_used: dollars(p.balanceUseCents),
      gateway: p.gateway,
      status: p.status,
      outcome: p.outcome,
      created_at: iso(p.createdAt),
      settled_at: iso(p.settledAt),
    })),
    tips: paymentRows
      .filter((p) => p.purpose === 'tip')
      .map((p) => ({ task: p.orderNumber, amount: dollars(p.amountCents), status: p.status })),
    balance_history: balance.map((b) => ({
      description: historyLine(b.kind, b.orderNumber),
      amount: dollars(b.amountCents),
      at: iso(b.createdAt),
    })),
    refunds_to_card: refunds.map((r) => ({
      task: r.orderNumber,
      amount: dollars(r.amountCents),
      status: r.status,
      created_at: iso(r.createdAt),
      done_at: iso(r.doneAt),
    })),
    referrals: {
      your_code: user.referralCode,
      signed_up_with_code: user.referredBy,
      friends_signed_up: referral.count,
      friends_with_paid_tasks: referral.countWithOrders,
      bonus_earned: dollars(referral.earnCents),
    },
    subscriptions: subs.map((s) => ({
      plan: s.name,
      status: s.status,
      price: dollars(s.priceCents),
      cancel_at_period_end: s.cancelAtPeriodEnd,
      current_period_end: iso(s.currentPeriodEnd),
      ended_at: iso(s.endedAt),
      created_at: iso(s.createdAt),
    })),
    geeks: marks,
    devices: devices.map((d) => ({ first_seen_at: iso(d.firstSeenAt), last_seen_at: iso(d.lastSeenAt) })),
    log_in_links: logIns.map((l) => ({
      issued_at: iso(l.createdAt),
      expires_at: iso(l.expiresAt),
      used_at: iso(l.usedAt),
      leads_to: l.redirectPath,
    })),
    phone_checks: phones.map((p) => ({
      phone: p.phone,
      sent_at: iso(p.createdAt),
      verified_at: iso(p.verifiedAt),
      released_at: iso(p.releasedAt),
    })),
  };
  return { account, entries };
}

/** The export as a zip stream: account.json first, then each file as storage streams it. */
async function exportStream(ctx: AppContext, user: UserRow) {
  const { account, entries } = await collectAccountData(ctx.database.db, user, ctx.now());
  const json = Buffer.from(`${JSON.stringify(account, null, 2)}\n`);
  return zipStream(ctx.storage, entries, [{ name: 'account.json', body: json, mtime: ctx.now() }]);
}

const exportQuota = {
  name: 'account-export',
  max: EXPORTS_PER_DAY,
  windowMs: DAY_MS,
  message: PERSONAL_DATA_MESSAGES.exportLimit,
};

/** GET /users/client/me/export: limited per student per day (each reads every file they have). */
export async function exportOwnAccount(ctx: AppContext, user: UserRow): Promise<Readable> {
  await takeQuota(ctx.database.db, exportQuota, user.id);
  return exportStream(ctx, user);
}

/** GET /ops/users/{id}/export: the same export, made by staff for a request; the audit row names who. */
export async function exportAccountForStaff(
  ctx: AppContext,
  staff: UserRow,
  userId: string,
): Promise<Readable> {
  const user = isUuid(userId) ? await findUserById(ctx.database.db, userId) : undefined;
  if (user?.role !== 'client') throw notFound('User not found');
  await writeAudit(ctx.database.db, staffActor(staff), {
    action: 'export_user_data',
    subjectId: user.id,
    at: ctx.now(),
  });
  return exportStream(ctx, user);
}

export const exportFileName = (now: Date) => `geekly-data-${now.toISOString().slice(0, 10)}.zip`;
