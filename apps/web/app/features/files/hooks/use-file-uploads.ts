import { fileRefusal } from '@geekly/domain/files/file-limits.ts';
import type { UploadContext } from '@geekly/domain/files/file-schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { announce } from '../../../lib/announce.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { storageFile, uploadToStorage } from '../../../lib/storage-upload.ts';
import { orderFilesQueryOptions } from '../api/get-order-files.ts';
import { attachFiles, presignUpload } from '../api/upload-file.ts';

/** docs/product/files.md client-side upload states; `waiting` is a file queued behind the ones uploading. */
type UploadStatus = 'waiting' | 'loading' | 'failed' | 'error';

export type UploadItem = {
  id: string;
  file: File;
  name: string;
  status: UploadStatus;
  /** 0 to 1. */
  progress: number;
  /** Why the file was refused (`error`), or null. */
  message: string | null;
};

/** At most this many files upload at once; the rest wait in line. */
const MAX_PARALLEL_UPLOADS = 3;
/** A failed upload is tried this many times in all before it shows as failed. */
const MAX_UPLOAD_ATTEMPTS = 3;
/** Back-off before try n+1: 1 s, then 2 s. */
const retryDelayMs = (attempt: number) => 1000 * 2 ** (attempt - 1);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** A refusal the server gave for the file itself: trying again would not help. */
const isRefusal = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;

/**
 * The task files page's uploads: each file is checked against the shared limits, presigned, posted straight to
 * storage with progress, and attached; once attached it joins the task's file list (the files query).
 */
export function useFileUploads(orderId: string, context: UploadContext = 'order') {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const patch = useCallback(
    (id: string, change: Partial<UploadItem>) =>
      setItems((list) => list.map((it) => (it.id === id ? { ...it, ...change } : it))),
    [],
  );
  const drop = useCallback((id: string) => setItems((list) => list.filter((it) => it.id !== id)), []);

  const run = useCallback(
    async (item: UploadItem, signal: AbortSignal) => {
      for (let attempt = 1; attempt <= MAX_UPLOAD_ATTEMPTS; attempt++) {
        try {
          patch(item.id, { status: 'loading', progress: 0 });
          const uploaded = await uploadToStorage(
            item.file,
            (signed) => presignUpload(orderId, { ...signed, context }),
            { onProgress: (progress) => patch(item.id, { progress }), signal },
          );
          const { attached_files } = await attachFiles(orderId, [uploaded]);
          if (signal.aborted) return;
          queryClient.setQueryData(orderFilesQueryOptions(orderId).queryKey, (old) => ({
            files: [...(old?.files ?? []), ...attached_files],
          }));
          drop(item.id);
          announce(`Upload finished: ${item.name}`);
          return;
        } catch (err) {
          if (signal.aborted) return;
          if (isRefusal(err)) {
            patch(item.id, { status: 'error', message: (err as ApiError).text });
            announce(`Upload failed: ${item.name}. ${(err as ApiError).text}`);
            return;
          }
          if (attempt === MAX_UPLOAD_ATTEMPTS) {
            patch(item.id, { status: 'failed' });
            announce(`Upload failed: ${item.name}`);
            return;
          }
          await sleep(retryDelayMs(attempt), signal);
          if (signal.aborted) return;
        }
      }
    },
    [context, drop, orderId, patch, queryClient],
  );

  // The line: start waiting files while fewer than the limit are uploading.
  useEffect(() => {
    const loading = items.filter((it) => it.status === 'loading').length;
    const next = items.filter((it) => it.status === 'waiting').slice(0, MAX_PARALLEL_UPLOADS - loading);
    for (const item of next) {
      if (controllers.current.has(item.id)) continue;
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      patch(item.id, { status: 'loading', progress: 0 });
      void run(item, controller.signal).finally(() => {
        if (controllers.current.get(item.id) === controller) controllers.current.delete(item.id);
      });
    }
  }, [items, patch, run]);

  // Leaving the page stops what is still uploading.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const c of running.values()) c.abort();
    };
  }, []);

  const add = useCallback((files: Iterable<File>) => {
    const added: UploadItem[] = [...files].map((file) => {
      const signed = storageFile(file);
      const message = fileRefusal(signed);
      return {
        id: crypto.randomUUID(),
        file,
        name: signed.name,
        status: message ? 'error' : 'waiting',
        progress: 0,
        message,
      };
    });
    setItems((list) => [...list, ...added]);
  }, []);

  /** 'Reload file': the failed file goes back in line. */
  const retry = useCallback((id: string) => patch(id, { status: 'waiting', progress: 0 }), [patch]);

  const remove = useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      controllers.current.delete(id);
      drop(id);
    },
    [drop],
  );

  return { items, add, retry, remove };
}
