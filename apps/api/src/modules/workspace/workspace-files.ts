import type { opsUploadRequestSchema } from '@geekly/domain/files/file-schemas.ts';
import type { workspaceAttachFilesSchema } from '@geekly/domain/workspace/workspace-contract.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { attachGeekFiles, createGeekUpload } from '../files/geek-files.ts';
import { listOrderFiles } from '../files/index.ts';
import type { SignedInGeek } from './geek-logins.repository.ts';
import { taskDetailView } from './task-view.ts';
import { geekActor, ownTask } from './workspace-tasks.ts';

const closed = () =>
  new AppError('NOT_ALLOWED', 'This task takes no more files', { errorType: 'task_closed' });

/** Files go to a task the Geek still works on: not refunded or deleted, its work not accepted. */
async function workingTask(ctx: AppContext, signed: SignedInGeek, orderId: string) {
  const row = await ownTask(ctx, signed, orderId);
  if (
    row.refunded ||
    row.clientRemove ||
    row.geekEarnedAt !== null ||
    row.systemClientStatus === 'Refund Accepted'
  )
    throw closed();
  return row;
}

/** POST /workspace/tasks/:id/uploads: as /ops/orders/:id/uploads, signed for the Geek, with the per-user limits. */
export async function createWorkspaceUpload(
  ctx: AppContext,
  signed: SignedInGeek,
  orderId: string,
  body: z.output<typeof opsUploadRequestSchema>,
) {
  const row = await workingTask(ctx, signed, orderId);
  return createGeekUpload(ctx, { id: signed.geek.id }, row.id, body, { perUserLimits: true });
}

/**
 * POST /workspace/tasks/:id/files: the Geek's drafts, final draft and plagiarism report with its level, recorded
 * through the files module (the specs' rules decide what the student sees; only staff override the check).
 */
export async function attachWorkspaceFiles(
  ctx: AppContext,
  signed: SignedInGeek,
  orderId: string,
  files: z.output<typeof workspaceAttachFilesSchema>['files'],
) {
  const row = await workingTask(ctx, signed, orderId);
  const { attached_files } = await attachGeekFiles(
    ctx,
    { id: signed.geek.id, email: signed.login.email },
    row.id,
    files.map((f) => ({ ...f, override_pgch: false })),
    { actor: geekActor(signed), held: ctx.config.GEEK_DELIVERY_CHECK },
  );
  const ids = new Set(attached_files.map((f) => f._id));
  const all = await listOrderFiles(ctx.database.db, row.id);
  const view = await taskDetailView(
    ctx,
    row,
    0,
    all.filter((f) => ids.has(f.id)),
  );
  return { attached_files: view.files };
}
