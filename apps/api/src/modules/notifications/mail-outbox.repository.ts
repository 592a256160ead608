import { desc, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema.ts';

/** The newest `limit` mails refused for good (decision 059), metadata only (their bodies are dropped). */
export async function listRejectedMail(db: Db, limit: number) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      failedAt: mailOutbox.failedAt,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.failedAt))
    .orderBy(desc(mailOutbox.failedAt))
    .limit(limit);
}
