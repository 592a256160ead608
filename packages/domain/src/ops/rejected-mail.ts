import { z } from 'zod';

/** Decision 059: a mail the SMTP server refused for good (5xx); it is not retried. The back office lists them. */
const rejectedMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  failed_at: z.string(),
  last_error: z.string().nullable(),
});
export type RejectedMail = z.infer<typeof rejectedMailSchema>;

/** GET /ops/mail/rejected: the newest 50. */
export const rejectedMailListSchema = z.object({ results: z.array(rejectedMailSchema) });
export type RejectedMailList = z.infer<typeof rejectedMailListSchema>;
