import type { RejectedMailList } from '@geekly/domain/ops/rejected-mail.ts';
import type { AppContext } from '../../app-context.ts';
import { listRejectedMail } from './mail-outbox.repository.ts';

const SHOWN = 50;

/** GET /ops/mail/rejected (decision 059): the newest mail refused for good, for staff to act on (a bad address). */
export async function rejectedMail(ctx: AppContext): Promise<RejectedMailList> {
  const rows = await listRejectedMail(ctx.database.db, SHOWN);
  return {
    results: rows.map((r) => ({
      _id: r.id,
      to: r.to,
      subject: r.subject,
      failed_at: r.failedAt?.toISOString() ?? '',
      last_error: r.lastError,
    })),
  };
}
