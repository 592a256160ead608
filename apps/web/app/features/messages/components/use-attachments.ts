import { filesContract } from '@geekly/domain/files/files-contract.ts';
import { useCallback, useRef, useState } from 'react';
import { apiCall } from '../../../lib/api-call.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { storageFile, uploadToStorage } from '../../../lib/storage-upload.ts';

type Attachment = {
  key: string;
  file: File;
  status: 'progress' | 'failed' | 'loaded';
  /** The MIME type it was signed with (sent again when it is attached). */
  type: string;
  progress: number;
  location?: string;
  error?: string;
};

let counter = 0;

/**
 * docs/product/messages.md: attached files move through progress and failed states to 'loaded'; failed ones can be
 * reloaded or removed. Uploads go straight to storage with context "msgs".
 */
export function useAttachments(orderId: string) {
  const [items, setItems] = useState<Attachment[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const patch = useCallback(
    (key: string, change: Partial<Attachment>) =>
      setItems((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a))),
    [],
  );

  const upload = useCallback(
    async (key: string, file: File) => {
      patch(key, { status: 'progress', progress: 0, error: undefined });
      try {
        const uploaded = await uploadToStorage(
          file,
          (signed) =>
            apiCall(filesContract.presign, { params: { id: orderId }, body: { ...signed, context: 'msgs' } }),
          { onProgress: (share) => patch(key, { progress: Math.round(share * 100) }) },
        );
        patch(key, { status: 'loaded', progress: 100, location: uploaded.location });
      } catch (err) {
        const fields = (err as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
        // A refused file names its field; past the uploads limit (decision 030) the server's text says when.
        const limited = err instanceof ApiError && err.type === 'rate_limited' ? err.text : undefined;
        patch(key, { status: 'failed', error: Object.values(fields)[0] ?? limited });
      }
    },
    [orderId, patch],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        const key = `a${++counter}`;
        setItems((list) => [
          ...list,
          { key, file, status: 'progress', progress: 0, type: storageFile(file).type },
        ]);
        void upload(key, file);
      }
    },
    [upload],
  );

  const reload = useCallback(
    (key: string) => {
      const item = itemsRef.current.find((a) => a.key === key);
      if (item) void upload(key, item.file);
    },
    [upload],
  );
  const remove = useCallback((key: string) => setItems((list) => list.filter((a) => a.key !== key)), []);
  const clear = useCallback(() => setItems([]), []);

  return { items, add, reload, remove, clear };
}
