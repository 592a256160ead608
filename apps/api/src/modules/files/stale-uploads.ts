import type { AppContext } from '../../app-context.ts';
import { every } from '../../lib/every.ts';
import { takeStaleUploads } from './files.repository.ts';

/**
 * How long an upload that was signed but never attached is kept after its policy expired (decision 015), by
 * default: RETENTION_UNCLAIMED_UPLOAD_HOURS (decision 059). A file can still be attached after its policy expired
 * (it arrived in time; the task form or the message it was for may stay open a while), so the sweep leaves it a day.
 */
export const STALE_UPLOAD_AFTER_MS = 24 * 3_600_000;
const SWEEP_MS = 3_600_000;
const BATCH = 100;

/**
 * Removes uploads signed but never attached, once RETENTION_UNCLAIMED_UPLOAD_HOURS passed since their policy
 * expired: the signature's row, then the object in storage (if one arrived). Each batch's rows are deleted in one
 * statement that skips rows another process or an attach holds, so two processes never take the same upload and
 * an attach arriving later finds it gone ('This file was not uploaded for this task'). The objects are removed
 * after that statement, outside any transaction: a slow or unreachable storage never holds a database
 * transaction open (a removal that fails is logged with its key). Answers how many were removed.
 */
export async function removeStaleUploads(ctx: AppContext): Promise<number> {
  const keepMs = ctx.config.RETENTION_UNCLAIMED_UPLOAD_HOURS * 3_600_000;
  const expiredBefore = new Date(ctx.now().getTime() - keepMs);
  let removed = 0;
  for (;;) {
    const keys = await takeStaleUploads(ctx.database.db, expiredBefore, BATCH);
    const results = await Promise.allSettled(keys.map((key) => ctx.storage.remove(key)));
    results.forEach((r, i) => {
      if (r.status === 'rejected') console.error(`stale upload ${keys[i]}: object not removed`, r.reason);
    });
    removed += keys.length;
    if (keys.length < BATCH) return removed;
  }
}

/** Every hour, in each process. */
export function startStaleUploadSweep(ctx: AppContext) {
  return every(SWEEP_MS, 'stale uploads', () => removeStaleUploads(ctx));
}
