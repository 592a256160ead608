import { contentTypeFor, UPLOAD_STALL_MS } from '@geekly/domain/files/file-limits.ts';
import { sanitizeFileName } from '@geekly/domain/files/file-name.ts';
import type { presignedPostSchema, UploadedFile } from '@geekly/domain/files/file-schemas.ts';
import type { z } from 'zod';

/**
 * The answer of every upload-signing call (the student's, the staff's and the Geek's, docs/product/http-api.md "Files"): a
 * presigned POST straight to storage. Shared by the student's, the back office's and the workspace's uploads.
 */
export type Presigned = z.output<typeof presignedPostSchema>;

/** A file as it is signed and then attached: its cleaned name (docs/product/files.md), size and MIME type. */
type StorageFile = Omit<UploadedFile, 'location'>;

/** The cleaned name and the MIME type (guessed from the extension when the browser reports none) of a file. */
export function storageFile(file: File): StorageFile {
  const name = sanitizeFileName(file.name);
  return { name, size: file.size, type: contentTypeFor(name, file.type) };
}

/** Why a post to storage failed: `stalled` after 40 s without progress (docs/product/files.md), or the storage's status. */
export class StorageUploadError extends Error {
  readonly status: number;
  readonly stalled: boolean;
  constructor(status: number, stalled = false) {
    super(stalled ? 'The upload stalled' : `Storage answered ${status}`);
    this.status = status;
    this.stalled = stalled;
  }
}

/**
 * Posts the file straight to storage (S3's POST-object protocol: every field, then `file`), reporting
 * progress from 0 to 1. XMLHttpRequest, because fetch reports no upload progress. Aborted when progress stalls
 * for 40 s, or by `signal`.
 */
export function postToStorage(
  post: Pick<Presigned, 'url' | 'fields'>,
  file: Blob,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    let stalled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, UPLOAD_STALL_MS);
    };
    const done = (err?: Error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    xhr.upload.onprogress = (e) => {
      watch();
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? done() : done(new StorageUploadError(xhr.status));
    xhr.onerror = () => done(new StorageUploadError(0));
    xhr.onabort = () => done(new StorageUploadError(0, stalled));
    xhr.open('POST', post.url);
    watch();
    xhr.send(form);
  });
}

/**
 * One file to storage, the same for every caller: its cleaned name and type are signed by `presign` (the area's
 * signing call, with its context), then the file is posted with progress and the 40 s stall rule. Answers what to
 * attach (the location with the name, size and type it was signed with).
 */
export async function uploadToStorage(
  file: File,
  presign: (file: StorageFile) => Promise<Presigned>,
  options: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedFile> {
  const signed = storageFile(file);
  const post = await presign(signed);
  await postToStorage(post, file, options.onProgress ?? (() => {}), options.signal);
  return { location: post.location, ...signed };
}
