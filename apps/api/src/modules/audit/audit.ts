import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import { auditLog } from '../../db/schema.ts';
import { currentRequestId } from '../../lib/request-context.ts';

/** Who did it: a staff account, the demo autopilot (decision 021), or a Geek in their workspace (decision 047). */
export type AuditActor =
  | { type: 'staff'; id: string; email: string }
  | { type: 'autopilot' }
  | { type: 'geek'; geekId: string; email: string };

export const staffActor = (user: Pick<UserRow, 'id' | 'email'>): AuditActor => ({
  type: 'staff',
  id: user.id,
  email: user.email,
});

type AuditEntry = {
  action: string;
  orderId?: string | null;
  subjectId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  details?: Record<string, unknown>;
  /** Money the action gave a client, in cents (decision 029: a support account's daily total sums it). */
  amountCents?: number;
  /** The action's time on the app's clock; the database's time when not given. */
  at?: Date;
};

/** Writes one audit row; always called with the transaction that makes the change it records. */
export async function writeAudit(tx: Db, actor: AuditActor, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorType: actor.type,
    actorId: actor.type === 'staff' ? actor.id : null,
    actorEmail: actor.type === 'autopilot' ? null : actor.email,
    actorGeekId: actor.type === 'geek' ? actor.geekId : null,
    action: entry.action,
    orderId: entry.orderId ?? null,
    subjectId: entry.subjectId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    details: entry.details ?? {},
    amountCents: entry.amountCents ?? null,
    ...(entry.at ? { at: entry.at } : {}),
    requestId: currentRequestId(),
  });
}

/** The fields of a task an audit row shows before and after a transition. */
export const auditedOrderFields = (row: {
  systemClientStatus: string;
  clientStatus: string | null;
  geekId: string | null;
  tags: string[];
}) => ({
  system_client_status: row.systemClientStatus,
  client_status: row.clientStatus,
  writer_id: row.geekId,
  tags: row.tags,
});
