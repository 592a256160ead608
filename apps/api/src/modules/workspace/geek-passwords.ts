import { randomBytes } from 'node:crypto';
import { WORKSPACE_MESSAGES, WORKSPACE_PATHS } from '@geekly/domain/workspace/workspace-contract.ts';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/rows.ts';
import { geekLogins } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { staffActor, writeAudit } from '../audit/audit.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { lockGeek } from '../geeks/index.ts';
import { queueGeekMail } from '../notifications/geek-mail.ts';
import { geekAccountView } from './geek-account-view.ts';
import {
  findGeekLogin,
  findGeekLoginByEmail,
  insertGeekLoginToken,
  type SignedInGeek,
  spendGeekLoginToken,
  updateGeekLogin,
} from './geek-logins.repository.ts';
import { signGeekToken } from './geek-session.ts';

/** A staff invitation's link works 72 hours; a restore's 1 hour. Each works once. */
const INVITE_TTL_MS = 72 * 3_600_000;
const RESTORE_TTL_MS = 3_600_000;

const linkExpired = () =>
  new AppError('VALIDATION', WORKSPACE_MESSAGES.linkExpired, {
    errorType: 'link_expired',
    errorValue: { token: WORKSPACE_MESSAGES.linkExpired },
  });

/** POST /workspace/me/password: a new password; every other session and stream of the Geek ends. */
export async function changeGeekPassword(
  ctx: AppContext,
  signed: SignedInGeek,
  input: { current_password: string; new_password: string },
) {
  if (!(await verifyPassword(signed.login.passwordHash, input.current_password)))
    throw new AppError('VALIDATION', 'The current password is wrong', {
      errorType: 'validation',
      errorValue: { current_password: 'The current password is wrong' },
    });
  const login = await updateGeekLogin(ctx.database.db, signed.geek.id, {
    passwordHash: await hashPassword(input.new_password),
    mustChangePassword: false,
    tokenVersion: signed.login.tokenVersion + 1,
  });
  return { jwt: await signGeekToken(ctx, login.geekId, login.tokenVersion) };
}

/** POST /workspace/password-restore: mails a one-time link to set a new password; says nothing either way. */
export async function restoreGeekPassword(ctx: AppContext, email: string) {
  const found = await findGeekLoginByEmail(ctx.database.db, email);
  if (!found || found.geek.isDisabled) return;
  const token = randomBytes(32).toString('base64url');
  await ctx.database.db.transaction(async (tx) => {
    await insertGeekLoginToken(tx, {
      token,
      geekId: found.geek.id,
      purpose: 'restore',
      expiresAt: new Date(ctx.now().getTime() + RESTORE_TTL_MS),
    });
    await queueGeekMail(ctx, tx, {
      to: found.login.email,
      subject: 'Set a new password for your Geekly workspace',
      preview: 'A link to set a new password, valid for one hour.',
      heading: 'Set a new password',
      paragraphs: [
        'Someone (we hope you) asked to set a new password for your Geekly workspace.',
        "The link works once, for one hour. If you didn't ask, ignore this e-mail: your password stays.",
      ],
      button: { label: 'Set a new password', path: WORKSPACE_PATHS.setPassword(token) },
    });
  });
  ctx.mailer.kick();
}

/** POST /workspace/set-password: spends an invitation's or a restore's link and signs the Geek in. */
export async function setGeekPassword(ctx: AppContext, input: { token: string; password: string }) {
  const db = ctx.database.db;
  const passwordHash = await hashPassword(input.password);
  const login = await db.transaction(async (tx) => {
    const spent = await spendGeekLoginToken(tx, input.token, ctx.now());
    if (!spent) throw linkExpired();
    const found = await findGeekLogin(tx, spent.geekId);
    if (!found || found.geek.isDisabled) throw linkExpired();
    return updateGeekLogin(tx, spent.geekId, {
      passwordHash,
      mustChangePassword: false,
      tokenVersion: found.login.tokenVersion + 1,
    });
  });
  const found = await findGeekLogin(db, login.geekId);
  if (!found) throw linkExpired();
  return {
    jwt: await signGeekToken(ctx, login.geekId, login.tokenVersion),
    geek: await geekAccountView(db, found),
  };
}

/**
 * POST /ops/geeks/:id/invite: gives an existing Geek profile a log-in with this e-mail (or changes its e-mail) and
 * mails a one-time link, 72 hours, to set the password. Audited in the same transaction.
 */
export async function inviteGeek(ctx: AppContext, staff: UserRow, geekId: string, email: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + INVITE_TTL_MS);
  await ctx.database.db.transaction(async (tx) => {
    const geek = await lockGeek(tx, geekId);
    if (!geek) throw notFound('Geek not found');
    const other = await findGeekLoginByEmail(tx, email);
    if (other && other.geek.id !== geek.id)
      throw new AppError('CONFLICT', 'Another Geek signs in with this e-mail', {
        errorType: 'validation',
        errorValue: { email: 'Another Geek signs in with this e-mail' },
      });
    await tx
      .insert(geekLogins)
      .values({ geekId: geek.id, email })
      .onConflictDoUpdate({ target: geekLogins.geekId, set: { email } });
    await insertGeekLoginToken(tx, { token, geekId: geek.id, purpose: 'invite', expiresAt });
    await queueGeekMail(ctx, tx, {
      to: email,
      subject: 'Your Geekly workspace is ready',
      preview: 'Set your password to start taking tasks on Geekly.',
      heading: `Welcome, ${geek.publicFullName}`,
      paragraphs: [
        'Geekly invites you to your own workspace: take tasks in your subjects, talk with students and deliver your work.',
        'Set your password with the button below. The link works once, for 72 hours.',
      ],
      button: { label: 'Set your password', path: WORKSPACE_PATHS.setPassword(token) },
    });
    await writeAudit(tx, staffActor(staff), {
      action: 'geek_invite',
      subjectId: geek.id,
      details: { email, expires_at: expiresAt.toISOString() },
    });
  });
  ctx.mailer.kick();
  return { geek_id: geekId, email, expires_at: expiresAt.toISOString() };
}
