import { studentLabel, WORKSPACE_PATHS } from '@geekly/domain/workspace/workspace-contract.ts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/rows.ts';
import { geekLogins } from '../../db/schema.ts';
import { publishEvent } from '../events/index.ts';
import { HEARTBEAT_MS } from '../events/live.ts';
import { queueGeekMail } from '../notifications/geek-mail.ts';
import { hasOpenStream } from './messages.repository.ts';

/** As the students' message mail (decision 020): at most one mail per task in this window. */
const GEEK_MESSAGE_MAIL_WINDOW_MS = 10 * 60_000;

/**
 * A student's message on a Geek's task: the Geek's streams hear of it; a Geek with no stream open is mailed, at
 * most once per task in 10 minutes (the outbox's dedupe key is the task and the window), with the workspace link.
 */
export async function tellGeekOfMessage(ctx: AppContext, tx: Db, order: OrderRow, text: string) {
  const geekId = order.geekId;
  if (!geekId) return;
  await publishEvent(tx, geekId, 'message', order.id);
  if (await hasOpenStream(tx, geekId, HEARTBEAT_MS)) return;
  const [login] = await tx
    .select({ email: geekLogins.email })
    .from(geekLogins)
    .where(eq(geekLogins.geekId, geekId));
  if (!login) return;
  const window = Math.floor(ctx.now().getTime() / GEEK_MESSAGE_MAIL_WINDOW_MS);
  await queueGeekMail(
    ctx,
    tx,
    {
      to: login.email,
      subject: `A message from ${studentLabel(order.number)}`,
      preview: text.slice(0, 120),
      heading: `${studentLabel(order.number)} wrote to you`,
      paragraphs: [`A new message on task #${order.number}: ${order.title}.`],
      quotes: text ? [{ from: studentLabel(order.number), text: text.slice(0, 2000) }] : [],
      button: { label: 'Reply in your workspace', path: WORKSPACE_PATHS.task(order.id) },
    },
    `geek-message:${order.id}:${window}`,
  );
}
