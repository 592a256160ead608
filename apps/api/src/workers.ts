import type { AppContext } from './app-context.ts';
import { every } from './lib/every.ts';
import { startAutopilot } from './modules/autopilot/autopilot.ts';
import { pruneEvents } from './modules/events/events.repository.ts';
import { startStaleUploadSweep } from './modules/files/stale-uploads.ts';
import { startMessageMailWorker } from './modules/messages/message-mail.ts';
import { startReceiptSweep } from './modules/notifications/receipts.ts';
import { startAcceptanceClock } from './modules/orders/acceptance-clock.ts';
import { processCardRefunds } from './modules/payments/card-refunds.ts';
import { startRetentionSweep } from './modules/privacy/retention.ts';
import { startSubscriptionClock } from './modules/subscriptions/subscription-clock.ts';

type Stop = () => void | Promise<void>;
type OnError = (err: unknown) => void;

const MINUTE_MS = 60_000;
const LIVE_EVENTS_PRUNE_MS = 3_600_000;

/**
 * Housekeeping, in every process that serves the API, test apps included: each is safe to run from several
 * processes at once, and none acts before its first interval.
 */
const SWEEPS: Record<string, (ctx: AppContext) => Stop> = {
  // The batched "new message" mails (issue 13).
  'message mail': startMessageMailWorker,
  // Receipts a crash or failure left unsent, every minute.
  'receipt sweep': startReceiptSweep,
  // Uploads started and never finished, every hour.
  'stale uploads': startStaleUploadSweep,
  // Login links, ended rate limits, sent mail bodies, expired tokens (decision 059), every hour.
  retention: startRetentionSweep,
  // Live events older than RETENTION_LIVE_EVENT_HOURS (decisions 019, 059), every hour.
  'live events prune': (ctx) =>
    every(LIVE_EVENTS_PRUNE_MS, 'live events prune', () =>
      pruneEvents(ctx.database.db, ctx.now(), ctx.config.RETENTION_LIVE_EVENT_HOURS * 3_600_000),
    ),
};

/**
 * The server process's clocks: they move money and tasks on time, so they start once the server listens, run at
 * once and then every interval. Tests run them by hand (with a moved clock) instead.
 */
const CLOCKS: Record<string, (ctx: AppContext, onError: OnError) => Stop> = {
  // The outbox's sender (the mailer adapter's loop, kicked after each commit).
  'mail sender': (ctx) => {
    ctx.mailer.start();
    // Stopped by server.ts after the app has closed, so that mail the last requests queue still goes out.
    return () => {};
  },
  // Webhooks the sandbox charged but did not deliver before a stop or crash go out now, then every 2 s.
  'sandbox webhooks': (ctx, onError) => {
    const events = ctx.sandbox?.events;
    if (!events) return () => {};
    events.start();
    void events.deliverPending().catch(onError);
    return () => events.stop();
  },
  // Card refunds the gateway did not confirm (an outage, a crash after the commit) are retried.
  'card refunds': (ctx, onError) => {
    const retry = () => void processCardRefunds(ctx).catch(onError);
    retry();
    const timer = setInterval(retry, MINUTE_MS);
    timer.unref();
    return () => clearInterval(timer);
  },
  // Subscription renewals and period ends (decision 017).
  'subscription clock': (ctx, onError) => startSubscriptionClock(ctx, MINUTE_MS, onError),
  // Accepted and auto-accepted tasks record the Geek's earning (decision 036).
  'acceptance clock': (ctx, onError) => startAcceptanceClock(ctx, MINUTE_MS, onError),
  // The demo autopilot (decision 022): works newly paid tasks through the operator use cases.
  autopilot: startAutopilot,
};

/**
 * Starts this process's background jobs (decision 067): the sweeps, and with `clocks` the server's clocks.
 * Answers the function that stops them all, clocks first, each waiting for a run under way.
 */
export function startWorkers(
  ctx: AppContext,
  opts: { clocks: boolean; onError: OnError },
): () => Promise<void> {
  const stops: Stop[] = [];
  if (opts.clocks) for (const start of Object.values(CLOCKS)) stops.push(start(ctx, opts.onError));
  for (const start of Object.values(SWEEPS)) stops.push(start(ctx));
  return async () => {
    for (const stop of stops) await stop();
  };
}
