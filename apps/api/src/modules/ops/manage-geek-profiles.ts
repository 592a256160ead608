import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import { geekLogins } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { geekFields, insertGeek, lockGeek, opsGeekView, updateGeek } from '../geeks/index.ts';
import { revokeGeekSessions } from '../workspace/index.ts';

type GeekPatch = Partial<{
  public_full_name: string;
  major: string;
  public_subjects: string[];
  is_disabled: boolean;
  top: boolean;
}>;

async function loginEmailOf(db: Db, geekId: string) {
  const [row] = await db
    .select({ email: geekLogins.email })
    .from(geekLogins)
    .where(eq(geekLogins.geekId, geekId));
  return row?.email ?? null;
}

/** PATCH /ops/geeks/:id: edit a Geek's profile or disable them (no new tasks), audited in the same transaction. */
export async function editGeek(ctx: AppContext, staff: UserRow, geekId: string, patch: GeekPatch) {
  return ctx.database.db.transaction(async (tx) => {
    const before = await lockGeek(tx, geekId);
    if (!before) throw notFound('Geek not found');
    const changes = {
      ...(patch.public_full_name !== undefined && { publicFullName: patch.public_full_name }),
      ...(patch.major !== undefined && { major: patch.major }),
      ...(patch.public_subjects !== undefined && { publicSubjects: patch.public_subjects }),
      ...(patch.is_disabled !== undefined && { isDisabled: patch.is_disabled }),
      ...(patch.top !== undefined && { isTop: patch.top }),
    };
    // An empty change changes nothing (and is no UPDATE without columns).
    const after = Object.keys(changes).length > 0 ? await updateGeek(tx, before.id, changes) : before;
    // Disabling a Geek ends their workspace sessions and event streams (decision 047).
    if (after.isDisabled && !before.isDisabled) await revokeGeekSessions(tx, after.id);
    await writeAudit(tx, staffActor(staff), {
      action: 'geek_edit',
      subjectId: before.id,
      before: geekFields(before),
      after: geekFields(after),
    });
    return opsGeekView(after, await loginEmailOf(tx, after.id));
  });
}

/** POST /ops/geeks (docs/product/http-api.md): a new Geek profile, audited. */
export async function createGeekProfile(
  ctx: AppContext,
  staff: UserRow,
  input: { public_full_name: string; major: string; public_subjects: string[] },
) {
  return ctx.database.db.transaction(async (tx) => {
    const row = await insertGeek(tx, {
      publicFullName: input.public_full_name,
      major: input.major,
      publicSubjects: input.public_subjects,
    });
    await writeAudit(tx, staffActor(staff), {
      action: 'geek_create',
      subjectId: row.id,
      after: geekFields(row),
    });
    return opsGeekView(row, null);
  });
}
