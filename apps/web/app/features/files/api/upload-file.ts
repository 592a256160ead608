import { UPLOAD_STALL_MS } from '@geekly/domain/files/file-limits.ts';
import type { UploadContext } from '@geekly/domain/files/file-schemas.ts';
import { api } from '../../../lib/api-client.ts';
import type { OrderFile } from './get-order-files.ts';

type Presigned = { url: string; fields: Record<string, string>; location: string; expires_at: string };
export type UploadedRecord = { location: string; name: string; size: number; type: string };

/** POST /orders/{id}/uploads: a presigned POST for one file (422 with the reason when refused). */
export const presignUpload = (
  orderId: string,
  file: { name: string; size: number; type: string; context: UploadContext },
) => api<Presigned>(`/orders/${encodeURIComponent(orderId)}/uploads`, { body: file });

/** POST /orders/{id}/files: records uploaded objects on the task. */
export const attachFiles = (orderId: string, files: UploadedRecord[]) =>
  api<{ attached_files: OrderFile[] }>(`/orders/${encodeURIComponent(orderId)}/files`, { body: { files } });

/** Why a post to storage failed: `stalled` after 40 s without progress (seed 000 §9), or the storage's status. */
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
