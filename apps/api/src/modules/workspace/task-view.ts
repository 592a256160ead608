import { DOWNLOAD_URL_SECONDS } from '@geekly/domain/files/file-limits.ts';
import { centsToDollars } from '@geekly/domain/money.ts';
import { geekEarningCents } from '@geekly/domain/orders/acceptance.ts';
import { countDeliverableFinalDrafts, isGeekFileType } from '@geekly/domain/orders/geek-files.ts';
import { type OrderState, runTransition } from '@geekly/domain/orders/order-machine.ts';
import type { AddedService } from '@geekly/domain/pricing/add-ons.ts';
import {
  draftDeadline,
  GEEK_TASK_TRANSITIONS,
  studentLabel,
  WORK_ADD_ONS,
  type WorkAddOn,
  type WorkspaceOffer,
  type WorkspaceTask,
  type WorkspaceTaskDetail,
  workspaceStage,
} from '@geekly/domain/workspace/workspace-contract.ts';
import type { AppContext } from '../../app-context.ts';
import type { OrderFileRow, OrderRow } from '../../db/rows.ts';
import { statusInput } from '../orders/order-view.ts';

// What a Geek sees of a task: the work, never the student (decision 047). The student is `Student <number>`; no
// name, e-mail, phone, country, payment or price of theirs is read into these views.

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The Geek's pay for a task: the ledger's own earning of it (GEEK_SHARE_PERCENT of the work price). */
export const geekPayDollars = (row: OrderRow) =>
  centsToDollars(geekEarningCents(row.clientBasePriceCents ?? 0));

const workAddOns = (row: OrderRow): WorkAddOn[] =>
  (row.services as AddedService[])
    .map((s) => s.tag)
    .filter((tag): tag is WorkAddOn => (WORK_ADD_ONS as readonly string[]).includes(tag));

/** The machine's view of a paid task at its stored price (a Geek's task is never repriced). */
function storedOrderState(row: OrderRow, finalDraftCount: number): OrderState {
  return {
    ...statusInput(row, row.paidCents),
    title: row.title,
    services: row.services as AddedService[],
    additional: row.additional,
    tipsPaidCents: row.tipsPaidCents,
    badDeadline: false,
    finalDraftCount,
    revisionDeadline: row.revisionDeadline,
    refundTo: row.refundTo,
    deliveredAt: row.deliveredAt,
    clientAcceptAt: row.clientAcceptAt,
    geekEarnedAt: row.geekEarnedAt,
  };
}

export function offerView(row: OrderRow, geekId: string): WorkspaceOffer {
  return {
    _id: row.id,
    number: row.number,
    title: row.title,
    subject: row.subject,
    request_type: row.requestType,
    size: row.size,
    level: row.level,
    spacing: row.spacing,
    deadline: row.deadline.toISOString(),
    geek_pay: geekPayDollars(row),
    add_ons: workAddOns(row),
    reserved_for_you: (row.services as AddedService[]).some(
      (s) => s.tag === 'client_recomended_writer' && s.writerId === geekId,
    ),
    offered_at: (row.clientPaidAtFirst ?? row.createdAt).toISOString(),
  };
}

export function taskView(ctx: AppContext, row: OrderRow, unread: number, finalDrafts: number): WorkspaceTask {
  const now = ctx.now();
  const state = storedOrderState(row, finalDrafts);
  const accepted = row.clientAcceptAt !== null || row.tags.includes('client_accept');
  return {
    _id: row.id,
    number: row.number,
    student: studentLabel(row.number),
    title: row.title,
    subject: row.subject,
    request_type: row.requestType,
    size: row.size,
    level: row.level,
    spacing: row.spacing,
    deadline: row.deadline.toISOString(),
    draft_deadline: workAddOns(row).includes('draft_needed')
      ? iso(draftDeadline(row.clientPaidAtFirst, row.deadline))
      : null,
    revision_deadline: iso(row.revisionDeadline),
    geek_pay: geekPayDollars(row),
    stage: workspaceStage({
      system_client_status: row.systemClientStatus,
      client_status: row.clientStatus,
      tags: row.tags,
      accepted,
      refunded: row.refunded,
    }),
    system_client_status: row.systemClientStatus,
    client_status: row.clientStatus,
    add_ons: workAddOns(row),
    work_started_at: iso(row.workStartedAt),
    delivered_at: iso(row.deliveredAt),
    accepted,
    mark: row.mark > 0 ? row.mark : null,
    unread_messages: unread,
    transitions: GEEK_TASK_TRANSITIONS.filter((name) => runTransition(name, 'geek', state, {}, { now }).ok),
  };
}

/** The task's page: the view, its instructions and files (signed downloads), the revision and the check. */
export async function taskDetailView(
  ctx: AppContext,
  row: OrderRow,
  unread: number,
  files: OrderFileRow[],
): Promise<WorkspaceTaskDetail> {
  const shown = files.filter((f) => !f.deleted);
  const finalDrafts = countDeliverableFinalDrafts(
    shown.map((f) => ({
      type: f.type,
      deleted: f.deleted,
      plag_status: f.plagStatus,
      plag_level: f.plagLevel,
      override_pgch: f.overridePgch,
    })),
  );
  const expiresAt = new Date(ctx.now().getTime() + DOWNLOAD_URL_SECONDS * 1000);
  const withUrls = await Promise.all(
    shown.map(async (f) => ({
      _id: f.id,
      name: f.name,
      size: f.size,
      type: f.type,
      content_type: f.contentType,
      created_at: f.createdAt.toISOString(),
      plag_status: f.plagStatus,
      plag_level: f.plagLevel,
      from: isGeekFileType(f.type) ? ('geek' as const) : ('student' as const),
      download_url: await ctx.storage.signedDownloadUrl(f.location, {
        fileName: f.name,
        contentType: f.contentType,
        expiresAt,
      }),
    })),
  );
  const revisionAsked = row.clientRevisionAt !== null;
  return {
    ...taskView(ctx, row, unread, finalDrafts),
    details: row.details,
    files: withUrls,
    revision: revisionAsked
      ? {
          comment: row.revisionComment,
          deadline: iso(row.revisionDeadline),
          requested_at: iso(row.clientRevisionAt),
        }
      : null,
    check: { waiting: row.tags.includes('quality_check'), returned_note: row.checkNote },
    feedback: row.feedback,
  };
}
