import { asc, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fileUploads } from '../../db/schema.ts';

/** The storage keys the database relies on: every upload that was attached to a task or a message. */
export async function attachedObjectKeys(db: Db): Promise<{ key: string; size: number }[]> {
  return db
    .select({ key: fileUploads.key, size: fileUploads.size })
    .from(fileUploads)
    .where(isNotNull(fileUploads.claimedAt))
    .orderBy(asc(fileUploads.key));
}
