import { randomUUID } from 'node:crypto';
import { fileRefusal, MAX_FILE_BYTES, UPLOAD_POLICY_SECONDS } from '@geekly/domain/files/file-limits.ts';
import { sanitizeFileName } from '@geekly/domain/files/file-name.ts';
import type { UploadedFile } from '@geekly/domain/files/file-schemas.ts';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { takeQuota } from '../limits/quotas.ts';
import { kibOf, usageLimits } from '../limits/usage-limits.ts';
import { claimUploadRows, findSignedUploads, insertUpload, type UploadRow } from './files.repository.ts';

// The two reusable steps of every file upload (tasks, revisions, messages, the operator's Geek files):
//   1. presignUpload: check the file against the limits, record what was signed, answer the presigned POST;
//   2. verifyUploads, then claimUploads inside the caller's transaction: accept only keys signed for this user
//      and order, in an expected context, whose object really arrived as signed; then record them once.

/** Client contexts of docs/product/http-api.md, plus the operator's Geek files. */
export type UploadKind = UploadRow['context'];

type SignedUpload = {
  url: string;
  fields: Record<string, string>;
  location: string;
  expires_at: string;
};

/** An upload that arrived as signed; `name` is the sanitised name it was signed with. */
export type VerifiedUpload = {
  key: string;
  name: string;
  size: number;
  contentType: string;
  context: UploadKind;
  /** Names the bytes that were checked; the claim seals exactly these (decision 030). */
  etag: string | null;
};

// An object that finished arriving this long after its policy expired was not sent under it (S3 checks the
// expiry when a POST starts; a large file may finish a little later).
const LATE_ARRIVAL_SLACK_MS = 10 * 60_000;

/** The storage key: a prefix per order and user (decision 015), a random id, and the sanitised name. */
function uploadKey(orderId: string, userId: string, kind: UploadKind, name: string) {
  return `orders/${orderId}/${userId}/${kind}/${randomUUID()}/${name}`;
}

/**
 * Step 1. The order must already be checked as the caller's. A refused file is a 422 before anything is signed.
 * A client's uploads (`perUserLimits`) count against the uploads per hour and the size per day (decision 030).
 */
export async function presignUpload(
  ctx: AppContext,
  input: { orderId: string; userId: string; kind: UploadKind; name: string; size: number; type: string },
  opts: { perUserLimits: boolean },
): Promise<SignedUpload> {
  const name = sanitizeFileName(input.name);
  const refusal = fileRefusal({ name, size: input.size, type: input.type });
  if (refusal) throw validationError({ file: refusal });
  if (opts.perUserLimits) {
    const limits = usageLimits(ctx.config);
    await takeQuota(ctx.database.db, limits.uploads, input.userId);
    await takeQuota(ctx.database.db, limits.uploadKib, input.userId, kibOf(input.size));
  }
  const key = uploadKey(input.orderId, input.userId, input.kind, name);
  const expiresAt = new Date(ctx.now().getTime() + UPLOAD_POLICY_SECONDS * 1000);
  await insertUpload(ctx.database.db, {
    key,
    orderId: input.orderId,
    userId: input.userId,
    context: input.kind,
    name,
    size: input.size,
    contentType: input.type,
    expiresAt,
  });
  const post = await ctx.storage.presignPost({ key, contentType: input.type, size: input.size, expiresAt });
  return { url: post.url, fields: post.fields, location: key, expires_at: expiresAt.toISOString() };
}

const notSigned = () => validationError({ location: 'This file was not uploaded for this task' });
const notArrived = () =>
  new AppError('VALIDATION', 'The file has not finished uploading', {
    errorType: 'validation',
    errorValue: { location: 'The file has not finished uploading' },
  });
const arrivedWrong = () =>
  validationError({ location: 'The uploaded file is not the one that was signed; please upload it again' });

/**
 * Step 2a, outside any transaction (it asks storage). Storage alone is not trusted (some S3-compatible servers
 * accept a POST that breaks its policy): the object that arrived must have the signed size and type, be within
 * the limits and have arrived before the policy expired; one that breaks this is deleted.
 */
export async function verifyUploads(
  ctx: AppContext,
  input: {
    orderId: string;
    userId: string;
    kinds: readonly UploadKind[];
    /** `type` is the MIME type the uploader says it signed; left out, the signed one is taken. */
    files: readonly (Omit<UploadedFile, 'type'> & { type?: string })[];
  },
): Promise<VerifiedUpload[]> {
  const keys = input.files.map((f) => f.location);
  if (new Set(keys).size !== keys.length)
    throw validationError({ location: 'The same file is listed twice' });
  const rows = new Map(
    (await findSignedUploads(ctx.database.db, keys, input.userId, input.orderId)).map((r) => [r.key, r]),
  );
  const verified: VerifiedUpload[] = [];
  for (const file of input.files) {
    const row = rows.get(file.location);
    if (!row || !input.kinds.includes(row.context)) throw notSigned();
    if (row.claimedAt) throw validationError({ location: 'This file is already attached' });
    if (file.size !== row.size || (file.type !== undefined && file.type !== row.contentType))
      throw arrivedWrong();
    const stored = await ctx.storage.head(row.key);
    if (!stored) throw notArrived();
    const late =
      stored.lastModified !== null &&
      stored.lastModified.getTime() > row.expiresAt.getTime() + LATE_ARRIVAL_SLACK_MS;
    if (
      stored.size !== row.size ||
      stored.size > MAX_FILE_BYTES ||
      (stored.contentType ?? '').toLowerCase() !== row.contentType ||
      late
    ) {
      await ctx.storage.remove(row.key);
      throw arrivedWrong();
    }
    verified.push({
      key: row.key,
      name: row.name,
      size: row.size,
      contentType: row.contentType,
      context: row.context,
      etag: stored.etag,
    });
  }
  return verified;
}

/**
 * Step 2b, inside the caller's transaction: each upload is recorded once, even under concurrent attaches, and
 * the one claim that wins seals the bytes that were checked (decision 030): posting to the signed key again
 * can no longer change what the task's file reads. Bytes replaced between the check and the seal are refused.
 */
export async function claimUploads(
  tx: Db,
  storage: FileStorage,
  uploads: readonly VerifiedUpload[],
  at: Date,
): Promise<void> {
  const claimed = await claimUploadRows(
    tx,
    uploads.map((u) => u.key),
    at,
  );
  if (claimed.length !== uploads.length)
    throw new AppError('CONFLICT', 'This file is already attached', { errorType: 'already_attached' });
  for (const upload of uploads) if (!(await storage.seal(upload.key, upload.etag))) throw arrivedWrong();
}
