import type { AppContext } from '../../app-context.ts';
import { every } from '../../lib/every.ts';
import { deleteUploadRows, lockStaleUploads } from './files.repository.ts';

/**
 * How long an upload that was signed but never attached is kept after its policy expired (decision 015). A file
 * can still be attached after its policy expired (it arrived in time; the task form or the message it was for
 * may stay open a while), so the sweep leaves it a day.
 */
export const STALE_UPLOAD_AFTER_MS = 24 * 3_600_000;
const SWEEP_MS = 3_600_000;
const BATCH = 100;

/**
 * Removes uploads signed but never attached, a day after their policy expired: the object in storage (if one
 * arrived) and the signature's row. Each batch is locked while its objects are removed, so two processes never
 * take the same upload, and an attach arriving meanwhile waits, then finds it gone ('This file was not uploaded
 * for this task'). Answers how many were removed.
 */
export async function removeStaleUploads(ctx: AppContext): Promise<number> {
  const expiredBefore = new Date(ctx.now().getTime() - STALE_UPLOAD_AFTER_MS);
  let removed = 0;
  for (;;) {
    const count = await ctx.database.db.transaction(async (tx) => {
      const keys = await lockStaleUploads(tx, expiredBefore, BATCH);
      await Promise.all(keys.map((key) => ctx.storage.remove(key)));
      await deleteUploadRows(tx, keys);
      return keys.length;
    });
    removed += count;
    if (count < BATCH) return removed;
  }
}

/** Every hour, in each process. */
export function startStaleUploadSweep(ctx: AppContext) {
  return every(SWEEP_MS, 'stale uploads', () => removeStaleUploads(ctx));
}
