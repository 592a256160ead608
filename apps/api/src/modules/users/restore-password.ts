import type { restoreSchema } from '@geekly/domain/users/user-schemas.ts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { newPassword } from '../../lib/random-codes.ts';
import { hashPassword } from '../auth/password.ts';
import { findUserByEmail, updateUser } from './users.repository.ts';

type RestoreInput = z.output<typeof restoreSchema>;

const PENDING_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;

// docs/product/account.md: "New Password was sent. Please check your email". The old password keeps working
// until the new one is used (see log-in.ts), so a restore requested by someone else locks nobody out.
export async function restorePassword(ctx: AppContext, input: RestoreInput): Promise<void> {
  const { db } = ctx.database;
  const user = await findUserByEmail(db, input.email);
  if (user?.role !== 'client') throw new AppError('USER_NOT_FOUND', 'User not found');
  const password = newPassword();
  const pendingPasswordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      pendingPasswordHash,
      pendingPasswordExpiresAt: new Date(ctx.now().getTime() + PENDING_PASSWORD_TTL_MS),
    });
    await ctx.mailer.enqueue(
      tx,
      {
        to: user.email,
        subject: 'Your new Geekly password',
        text: [
          'Hi,',
          '',
          `Here is your new Geekly password: ${password}`,
          '',
          `Log in at ${ctx.config.PUBLIC_URL}/login with your e-mail and this password.`,
          'It works for 24 hours and replaces your old password when you first use it.',
          "If you didn't ask for a new password, ignore this e-mail: your old password still works.",
          '',
          'The Geekly team',
        ].join('\n'),
      },
      { forgetBody: true },
    );
  });
  ctx.mailer.kick();
}
