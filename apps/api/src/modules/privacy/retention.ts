import type { AppContext } from '../../app-context.ts';
import { every } from '../../lib/every.ts';
import {
  clearExpiredUserTokens,
  deleteEndedRateLimits,
  deleteExpiredLoginLinks,
  dropSentMailBodies,
} from './retention.repository.ts';

const SWEEP_MS = 3_600_000;
const DAY_MS = 24 * 3_600_000;

/**
 * Decision 059: removes what is kept only for a while. Unclaimed uploads (stale-uploads.ts) and live events
 * (events/live.ts) have their own hourly sweeps; audit rows, ledger entries, payments and mail metadata stay.
 * Safe in every process at once: each statement deletes or blanks rows that match, whoever runs it first.
 */
export async function runRetention(ctx: AppContext) {
  const db = ctx.database.db;
  const now = ctx.now();
  const loginLinks = await deleteExpiredLoginLinks(
    db,
    new Date(now.getTime() - ctx.config.RETENTION_LOGIN_LINK_DAYS * DAY_MS),
  );
  const rateLimits = await deleteEndedRateLimits(db, now);
  const mailBodies = await dropSentMailBodies(db);
  await clearExpiredUserTokens(db, now);
  return { loginLinks, rateLimits, mailBodies };
}

/** Every hour, in each process. */
export function startRetentionSweep(ctx: AppContext) {
  return every(SWEEP_MS, 'retention', () => runRetention(ctx));
}
