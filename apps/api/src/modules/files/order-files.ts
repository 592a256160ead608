import { DOWNLOAD_URL_SECONDS } from '@geekly/domain/files/file-limits.ts';
import type { OrderFileView, UploadedFile, UploadRequest } from '@geekly/domain/files/file-schemas.ts';
import {
  canRemoveClientFiles,
  clientFileTypeFor,
  filesForClient,
  isFileLocked,
  isGeekFileType,
  LOCKED_FILE_TEXT,
} from '@geekly/domain/orders/geek-files.ts';
import { isDeleted, type OrderStatusInput } from '@geekly/domain/orders/order-status.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow, UserRow } from '../../db/rows.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { accountBalanceCents } from '../ledger/index.ts';
import { findUserOrder, lockOrder } from '../orders/index.ts';
import { statusInput } from '../orders/order-view.ts';
import {
  insertOrderFiles,
  listOrderFiles,
  markDownloaded,
  markFileDeleted,
  type OrderFileRow,
} from './files.repository.ts';
import { claimUploads, presignUpload, verifyUploads } from './uploads.ts';

export function toFileView(row: OrderFileRow, order: OrderStatusInput): OrderFileView {
  return {
    _id: row.id,
    name: row.name,
    size: row.size,
    type: row.type,
    content_type: row.contentType,
    created_at: row.createdAt.toISOString(),
    deleted: row.deleted,
    plag_status: row.plagStatus,
    plag_level: row.plagLevel,
    override_pgch: row.overridePgch,
    revision_accept: row.revisionAccept,
    client_accept: row.clientAccept,
    locked: isFileLocked(order, row.type),
    downloaded: row.downloadedAt !== null,
    geek_file: isGeekFileType(row.type),
  };
}

const asFileInput = (f: OrderFileRow) => ({
  ...f,
  plag_status: f.plagStatus,
  plag_level: f.plagLevel,
  override_pgch: f.overridePgch,
  held_for_check: f.heldForCheck,
});

const deletedTask = () =>
  new AppError('NOT_ALLOWED', 'This task was deleted', { errorType: 'order_deleted' });

/** The caller's order, not deleted: files go only to a live task. */
async function liveClientOrder(db: Db, user: UserRow, orderId: string): Promise<OrderRow> {
  const row = await findUserOrder(db, user.id, orderId);
  if (!row) throw notFound('Order not found');
  if (isDeleted(statusInput(row, 0))) throw deletedTask();
  return row;
}

/** docs/product/http-api.md POST /orders/{id}/uploads: a presigned POST for one of the caller's files. */
export async function createClientUpload(
  ctx: AppContext,
  user: UserRow,
  orderId: string,
  body: UploadRequest,
) {
  const row = await liveClientOrder(ctx.database.db, user, orderId);
  return presignUpload(
    ctx,
    { orderId: row.id, userId: user.id, kind: body.context, ...body },
    { perUserLimits: true },
  );
}

/** The client's order with its status and the files the client may see (docs/product/files.md). */
async function clientFiles(db: Db, user: UserRow, orderId: string) {
  const row = await findUserOrder(db, user.id, orderId);
  if (!row) throw notFound('Order not found');
  const [paidCents, files] = await Promise.all([
    accountBalanceCents(db, 'order', row.id),
    listOrderFiles(db, row.id),
  ]);
  const status = statusInput(row, paidCents);
  const visible = filesForClient(status, files.map(asFileInput));
  return { row, status, visible };
}

export async function listClientFiles(ctx: AppContext, user: UserRow, orderId: string) {
  const { status, visible } = await clientFiles(ctx.database.db, user, orderId);
  return { files: visible.map((f) => toFileView(f, status)) };
}

/** The files of a download: visible to the client, and unlocked (403 with the spec's words otherwise). */
async function downloadable(ctx: AppContext, user: UserRow, orderId: string, fileId: string | null) {
  const { row, status, visible } = await clientFiles(ctx.database.db, user, orderId);
  if (fileId === null) return { row, files: visible.filter((f) => !isFileLocked(status, f.type)) };
  const file = visible.find((f) => f.id === fileId);
  if (!file) throw notFound('File not found');
  if (isFileLocked(status, file.type))
    throw new AppError('FORBIDDEN', LOCKED_FILE_TEXT, { errorType: 'file_locked' });
  return { row, files: [file] };
}

/** A short-lived signed address of one file; its first download is recorded. */
export async function fileDownloadUrl(ctx: AppContext, user: UserRow, orderId: string, fileId: string) {
  const { files } = await downloadable(ctx, user, orderId, fileId);
  const [file] = files;
  if (!file) throw notFound('File not found');
  await markDownloaded(ctx.database.db, [file.id], ctx.now());
  return ctx.storage.signedDownloadUrl(file.location, {
    fileName: file.name,
    contentType: file.contentType,
    expiresAt: new Date(ctx.now().getTime() + DOWNLOAD_URL_SECONDS * 1000),
  });
}

/** Every file the client may download now, for the zip; each counts as downloaded. */
export async function filesForZip(ctx: AppContext, user: UserRow, orderId: string) {
  const { row, files } = await downloadable(ctx, user, orderId, null);
  await markDownloaded(
    ctx.database.db,
    files.map((f) => f.id),
    ctx.now(),
  );
  return { order: row, files };
}

/**
 * docs/product/http-api.md POST /orders/{id}/files: records the client's uploads for the task ('order' uploads as order_form,
 * 'revision' ones as client_revision_request_file). Message uploads belong to messages.
 */
export async function attachClientFiles(
  ctx: AppContext,
  user: UserRow,
  orderId: string,
  files: UploadedFile[],
) {
  const row = await liveClientOrder(ctx.database.db, user, orderId);
  const verified = await verifyUploads(ctx, {
    orderId: row.id,
    userId: user.id,
    kinds: ['order', 'revision'],
    files,
  });
  return recordFiles(ctx, row.id, user.id, verified, (u) => ({
    type: clientFileTypeFor(u.context === 'revision' ? 'revision' : 'order'),
  }));
}

/** Claims verified uploads and records them as order files in one transaction that locks the order. */
export async function recordFiles(
  ctx: AppContext,
  orderId: string,
  uploaderId: string,
  verified: Awaited<ReturnType<typeof verifyUploads>>,
  fields: (
    u: (typeof verified)[number],
    i: number,
  ) => Pick<OrderFileRow, 'type'> &
    Partial<Pick<OrderFileRow, 'plagStatus' | 'plagLevel' | 'overridePgch' | 'heldForCheck'>>,
  /** Runs in the same transaction (the back office's audit row, decision 021). */
  onRecorded?: (tx: Db, files: OrderFileRow[], order: OrderRow) => Promise<void>,
) {
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId, null);
    if (!row) throw notFound('Order not found');
    await claimUploads(tx, ctx.storage, verified, now);
    const inserted = await insertOrderFiles(
      tx,
      verified.map((u, i) => ({
        orderId,
        location: u.key,
        name: u.name,
        size: u.size,
        contentType: u.contentType,
        uploadedBy: uploaderId,
        createdAt: now,
        ...fields(u, i),
      })),
    );
    await onRecorded?.(tx, inserted, row);
    const status = statusInput(row, await accountBalanceCents(tx, 'order', row.id));
    return { attached_files: inserted.map((f) => toFileView(f, status)) };
  });
}

/** docs/product/http-api.md POST /orders/{id}/files/{fileId} remove: the client's own file, only while the task is unpaid. */
export async function removeClientFile(ctx: AppContext, user: UserRow, orderId: string, fileId: string) {
  const removed = await ctx.database.db.transaction(async (tx) => {
    const row: OrderRow | undefined = await lockOrder(tx, orderId, user.id);
    if (!row) throw notFound('Order not found');
    const status = statusInput(row, await accountBalanceCents(tx, 'order', row.id));
    const file = (await listOrderFiles(tx, row.id)).find(
      (f) => f.id === fileId && !f.deleted && !isGeekFileType(f.type),
    );
    if (!file) throw notFound('File not found');
    if (!canRemoveClientFiles(status))
      throw new AppError('NOT_ALLOWED', "Files can't be removed once the task is paid", {
        errorType: 'files_locked',
      });
    await markFileDeleted(tx, file.id);
    return file;
  });
  // After the commit: a removed file is never served again, and its bytes go too.
  await ctx.storage.remove(removed.location).catch(() => {});
}
