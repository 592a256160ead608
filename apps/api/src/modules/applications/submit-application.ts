import type { Application } from '@geekly/domain/applications/application-schemas.ts';
import { GEEK_PASSWORD_MIN } from '@geekly/domain/workspace/workspace-contract.ts';
import type { AppContext } from '../../app-context.ts';
import { applications } from '../../db/schema.ts';
import { hashPassword } from '../auth/password.ts';

/** Stores a Geek, teacher or institution application as sent (decision 011); a password only as its hash. */
export async function submitApplication(ctx: AppContext, input: Application, meta: { ip: string }) {
  const common = { kind: input.kind, name: input.name, email: input.email, ip: meta.ip };
  const values =
    input.kind === 'geek'
      ? {
          ...common,
          expertise: input.expertise,
          subject: input.subject,
          passwordHash: await hashPassword(input.password),
          passwordShort: input.password.length < GEEK_PASSWORD_MIN,
        }
      : input.kind === 'teacher'
        ? { ...common, school: input.school }
        : { ...common, school: input.school, comment: input.comment };
  const [row] = await ctx.database.db.insert(applications).values(values).returning({ id: applications.id });
  if (!row) throw new Error('application insert returned nothing');
  return { _id: row.id };
}
