import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/app-error.ts';
import type { UserRow } from '../users/users.repository.ts';
import { staffActor, writeAudit } from './audit.ts';
import { insertGeek, lockGeek, updateGeek } from './ops.repository.ts';

export type GeekPatch = Partial<{
  public_full_name: string;
  major: string;
  public_subjects: string[];
  is_disabled: boolean;
}>;

const geekFields = (g: {
  publicFullName: string;
  major: string;
  publicSubjects: string[];
  isDisabled: boolean;
}) => ({
  public_full_name: g.publicFullName,
  major: g.major,
  public_subjects: g.publicSubjects,
  is_disabled: g.isDisabled,
});

/** PATCH /ops/geeks/:id: edit a Geek's profile or disable them (no new tasks), audited in the same transaction. */
export async function editGeek(ctx: AppContext, staff: UserRow, geekId: string, patch: GeekPatch) {
  return ctx.database.db.transaction(async (tx) => {
    const before = await lockGeek(tx, geekId);
    if (!before) throw notFound('Geek not found');
    const after = await updateGeek(tx, before.id, {
      ...(patch.public_full_name !== undefined && { publicFullName: patch.public_full_name }),
      ...(patch.major !== undefined && { major: patch.major }),
      ...(patch.public_subjects !== undefined && { publicSubjects: patch.public_subjects }),
      ...(patch.is_disabled !== undefined && { isDisabled: patch.is_disabled }),
    });
    await writeAudit(tx, staffActor(staff), {
      action: 'geek_edit',
      subjectId: before.id,
      before: geekFields(before),
      after: geekFields(after),
    });
    return { _id: after.id, ...geekFields(after) };
  });
}

/** POST /ops/geeks (API.md): a new Geek profile, audited. */
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
    return { _id: row.id, ...geekFields(row) };
  });
}
