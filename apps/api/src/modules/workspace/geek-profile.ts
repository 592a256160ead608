import type { workspaceMePatchSchema } from '@geekly/domain/workspace/workspace-contract.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { validationError } from '../../lib/app-error.ts';
import { isCourse, updateGeek } from '../geeks/index.ts';
import { geekAccountView } from './geek-account-view.ts';
import { findGeekLogin, type SignedInGeek } from './geek-logins.repository.ts';

/** PATCH /workspace/me: Available / Away, major and subjects (courses from the list). */
export async function updateWorkspaceMe(
  ctx: AppContext,
  signed: SignedInGeek,
  patch: z.output<typeof workspaceMePatchSchema>,
) {
  const db = ctx.database.db;
  if (patch.public_subjects) {
    const unknown = [];
    for (const s of patch.public_subjects) if (!(await isCourse(db, s))) unknown.push(s);
    if (unknown.length > 0)
      throw validationError({ public_subjects: `Not a course from the list: ${unknown[0]}` });
  }
  await updateGeek(db, signed.geek.id, {
    ...(patch.available !== undefined && { available: patch.available }),
    ...(patch.major !== undefined && { major: patch.major }),
    ...(patch.public_subjects !== undefined && { publicSubjects: [...new Set(patch.public_subjects)] }),
  });
  const found = await findGeekLogin(db, signed.geek.id);
  if (!found) throw new Error('Geek vanished');
  return geekAccountView(db, found);
}
