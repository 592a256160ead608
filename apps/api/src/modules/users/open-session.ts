import type { AppContext } from '../../app-context.ts';
import { recordDevice } from '../referral/index.ts';
import { loadUserView } from './user-view.ts';
import type { UserRow } from './users.repository.ts';

/**
 * A client's new session, as every way in (sign-up, log-in by a factor, Google) opens it: the same-device
 * referral signal (decision 017), then the signed token and the user as the API shows it.
 */
export async function openClientSession(ctx: AppContext, user: UserRow, deviceId: string | undefined) {
  if (deviceId) await recordDevice(ctx.database.db, user.id, deviceId, ctx.now());
  const jwt = await ctx.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  return { jwt, user: await loadUserView(ctx.database.db, user) };
}
