import { publicGeekName, WORKSPACE_PATHS } from '@geekly/domain/workspace/workspace-contract.ts';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/rows.ts';
import { applications, geekLogins } from '../../db/schema.ts';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { insertGeek, isCourse, opsGeekView } from '../geeks/index.ts';
import { queueGeekMail } from '../notifications/geek-mail.ts';

type ApplicationRow = typeof applications.$inferSelect;
type Kind = ApplicationRow['kind'];
type Status = ApplicationRow['status'];

const LIST_LIMIT = 200;

/** The back office's view of an application: never its password (docs/product/http-api.md). */
const applicationView = (a: ApplicationRow) => ({
  _id: a.id,
  kind: a.kind,
  name: a.name,
  email: a.email,
  subject: a.subject,
  expertise: a.expertise,
  school: a.school,
  comment: a.comment,
  created_at: a.createdAt.toISOString(),
  status: a.status,
  decided_at: a.decidedAt?.toISOString() ?? null,
  reason: a.reason,
  geek_id: a.geekId,
});

/** GET /ops/applications: the newest applications of a kind (optionally of a status). */
export async function listApplications(ctx: AppContext, query: { kind: Kind; status?: Status | undefined }) {
  const rows = await ctx.database.db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.kind, query.kind),
        query.status ? eq(applications.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(LIST_LIMIT);
  return { results: rows.map(applicationView) };
}

/** A new Geek application, locked for its decision; 404 for any other id, 409 once decided. */
async function lockNewGeekApplication(tx: Db, id: string) {
  if (!isUuid(id)) throw notFound('Application not found');
  const [row] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.kind, 'geek')))
    .for('update');
  if (!row) throw notFound('Application not found');
  if (row.status !== 'new')
    throw new AppError('CONFLICT', `This application was already ${row.status}`, {
      errorType: 'already_decided',
    });
  return row;
}

/**
 * POST /ops/applications/:id/approve: a Geek profile named "First L." with the chosen major and subjects, and a
 * Geek log-in with the applicant's e-mail and the password they chose (its hash); a password under 8 characters
 * is changed at first log-in. The applicant is mailed; the approval is audited in the same transaction.
 */
export async function approveApplication(
  ctx: AppContext,
  staff: UserRow,
  id: string,
  input: { major?: string | undefined; public_subjects?: string[] | undefined },
) {
  const db = ctx.database.db;
  const subjects = [...new Set(input.public_subjects ?? [])];
  for (const s of subjects)
    if (!(await isCourse(db, s)))
      throw validationError({ public_subjects: `Not a course from the list: ${s}` });
  const result = await db.transaction(async (tx) => {
    const app = await lockNewGeekApplication(tx, id);
    const [taken] = await tx
      .select({ id: geekLogins.geekId })
      .from(geekLogins)
      .where(eq(geekLogins.email, app.email));
    if (taken)
      throw new AppError('CONFLICT', 'A Geek already signs in with this e-mail', {
        errorType: 'email_taken',
      });
    const geek = await insertGeek(tx, {
      publicFullName: publicGeekName(app.name),
      major: (input.major ?? app.subject ?? 'General').slice(0, 100),
      publicSubjects: subjects,
    });
    await tx.insert(geekLogins).values({
      geekId: geek.id,
      email: app.email,
      passwordHash: app.passwordHash,
      mustChangePassword: app.passwordShort,
    });
    const now = ctx.now();
    await tx
      .update(applications)
      .set({ status: 'approved', decidedAt: now, decidedBy: staff.id, geekId: geek.id })
      .where(eq(applications.id, app.id));
    await writeAudit(tx, staffActor(staff), {
      action: 'application_approve',
      subjectId: geek.id,
      details: { application_id: app.id, email: app.email },
      after: {
        public_full_name: geek.publicFullName,
        major: geek.major,
        public_subjects: geek.publicSubjects,
      },
    });
    await queueGeekMail(ctx, tx, {
      to: app.email,
      subject: 'Welcome to Geekly: your application is approved',
      preview: 'You can now sign in to your Geekly workspace and take tasks.',
      heading: `Welcome to Geekly, ${geek.publicFullName}`,
      paragraphs: [
        'Your application is approved. Sign in to your workspace with this e-mail and the password you chose when you applied.',
        `Students will see you as ${geek.publicFullName}. Take the tasks in your subjects from the offers.`,
      ],
      button: { label: 'Sign in to your workspace', path: WORKSPACE_PATHS.login },
    });
    return opsGeekView(geek, app.email);
  });
  ctx.mailer.kick();
  return result;
}

/** POST /ops/applications/:id/reject: the reason is mailed to the applicant and audited. */
export async function rejectApplication(ctx: AppContext, staff: UserRow, id: string, reason: string) {
  const result = await ctx.database.db.transaction(async (tx) => {
    const app = await lockNewGeekApplication(tx, id);
    const [row] = await tx
      .update(applications)
      .set({ status: 'rejected', decidedAt: ctx.now(), decidedBy: staff.id, reason })
      .where(eq(applications.id, app.id))
      .returning();
    if (!row) throw new Error('application vanished');
    await writeAudit(tx, staffActor(staff), {
      action: 'application_reject',
      subjectId: app.id,
      details: { email: app.email, reason },
    });
    await queueGeekMail(ctx, tx, {
      to: app.email,
      subject: 'Your application to Geekly',
      preview: 'About your application to write for Geekly.',
      heading: `Dear ${app.name}`,
      paragraphs: [
        'Thank you for applying to write for Geekly. We cannot take your application now, for this reason:',
        reason,
        'You are welcome to apply again later.',
      ],
      button: { label: 'Apply again', path: '/join-our-team' },
    });
    return applicationView(row);
  });
  ctx.mailer.kick();
  return result;
}
