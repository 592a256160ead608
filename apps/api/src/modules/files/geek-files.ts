import { DOWNLOAD_URL_SECONDS } from '@geekly/domain/files/file-limits.ts';
import type { opsAttachFilesSchema, UploadRequest } from '@geekly/domain/files/file-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import { notFound } from '../../lib/app-error.ts';
import { type AuditActor, staffActor, writeAudit } from '../audit/audit.ts';
import { publishEvent } from '../events/index.ts';
import { markGeekSeen } from '../geeks/index.ts';
import { accountBalanceCents } from '../ledger/index.ts';
import { findOrderById } from '../orders/index.ts';
import { statusInput } from '../orders/order-view.ts';
import { listOrderFiles } from './files.repository.ts';
import { recordFiles, toFileView } from './order-files.ts';
import { presignUpload, verifyUploads } from './uploads.ts';

type GeekFileInput = z.output<typeof opsAttachFilesSchema>['files'][number];

async function existingOrder(ctx: AppContext, orderId: string) {
  const row = await findOrderById(ctx.database.db, orderId);
  if (!row) throw notFound('Order not found');
  return row;
}

/**
 * A presigned POST for a Geek file, signed for the staff account that asked, or for the Geek in their workspace
 * (their geeks id; held to the per-user upload limits like a student, decision 030).
 */
export async function createGeekUpload(
  ctx: AppContext,
  uploader: Pick<UserRow, 'id'>,
  orderId: string,
  body: Omit<UploadRequest, 'context'>,
  opts: { perUserLimits?: boolean } = {},
) {
  const row = await existingOrder(ctx, orderId);
  return presignUpload(
    ctx,
    { orderId: row.id, userId: uploader.id, kind: 'geek', ...body },
    { perUserLimits: opts.perUserLimits ?? false },
  );
}

/**
 * Records the Geek's files with their docs/product/files.md types and plagiarism fields. The task's Geek counts as online
 * (decision 022). The demo autopilot comes here as `opts.actor`, recording its step in `opts.onRecorded`, which
 * runs in the same transaction (the task's row locked).
 */
export async function attachGeekFiles(
  ctx: AppContext,
  staff: Pick<UserRow, 'id' | 'email'>,
  orderId: string,
  files: GeekFileInput[],
  opts: {
    actor?: AuditActor;
    onRecorded?: (tx: Db) => Promise<void>;
    /** A Geek's own upload with the quality check on waits for the work to reach the student (decision 048). */
    held?: boolean;
  } = {},
) {
  const row = await existingOrder(ctx, orderId);
  const verified = await verifyUploads(ctx, {
    orderId: row.id,
    userId: staff.id,
    kinds: ['geek'],
    // The MIME type is the one signed: the body's `type` is the Geek file type here.
    files: files.map(({ type: _geekType, ...f }) => f),
  });
  return recordFiles(
    ctx,
    row.id,
    staff.id,
    verified,
    (_u, i) => {
      const f = files[i] as GeekFileInput;
      return {
        type: f.type,
        plagStatus: f.plag_status ?? null,
        plagLevel: f.plag_level ?? null,
        overridePgch: f.override_pgch ?? false,
        heldForCheck: opts.held ?? false,
      };
    },
    async (tx, inserted, locked) => {
      await writeAudit(tx, opts.actor ?? staffActor(staff), {
        action: 'geek_files',
        orderId: row.id,
        details: {
          files: inserted.map((f) => ({
            name: f.name,
            type: f.type,
            plag_status: f.plagStatus,
            plag_level: f.plagLevel,
          })),
        },
      });
      if (locked.geekId) await markGeekSeen(tx, locked.geekId, ctx.now());
      await publishEvent(tx, locked.userId, 'records', locked.id);
      if (locked.geekId) await publishEvent(tx, locked.geekId, 'order', locked.id);
      await opts.onRecorded?.(tx);
    },
  );
}

/** Every file of the task for staff: the client's and the Geek's, removed ones included (marked `deleted`). */
export async function listTaskFiles(ctx: AppContext, orderId: string) {
  const db = ctx.database.db;
  const row = await existingOrder(ctx, orderId);
  const [paidCents, files] = await Promise.all([
    accountBalanceCents(db, 'order', row.id),
    listOrderFiles(db, row.id),
  ]);
  const status = statusInput(row, paidCents);
  return { files: files.map((f) => toFileView(f, status)) };
}

/**
 * Staff open any file of a task (the quality check reads a Geek's delivery before the student may): a 5-minute
 * signed address. Not recorded as the student's download.
 */
export async function staffFileUrl(ctx: AppContext, orderId: string, fileId: string) {
  const row = await existingOrder(ctx, orderId);
  const file = (await listOrderFiles(ctx.database.db, row.id)).find((f) => f.id === fileId);
  if (!file) throw notFound('File not found');
  const url = await ctx.storage.signedDownloadUrl(file.location, {
    fileName: file.name,
    contentType: file.contentType,
    expiresAt: new Date(ctx.now().getTime() + DOWNLOAD_URL_SECONDS * 1000),
  });
  return { url };
}
