import { asc, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fileUploads } from '../../db/schema.ts';

/**
 * The storage keys the database relies on: every upload attached to a task or a message, less the task files
 * removed since (removing a file deletes its object; its rows stay, marked deleted).
 */
export async function attachedObjectKeys(
  db: Db,
): Promise<{ key: string; size: number; contentType: string }[]> {
  return db
    .select({ key: fileUploads.key, size: fileUploads.size, contentType: fileUploads.contentType })
    .from(fileUploads)
    .where(
      sql`${isNotNull(fileUploads.claimedAt)} and not exists (
        select 1 from order_files f where f.location = ${fileUploads.key} and f.deleted)`,
    )
    .orderBy(asc(fileUploads.key));
}
