import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createSandboxEvents, type SandboxEvents, type WebhookSender } from './sandbox/sandbox-events.ts';
import { createSandboxGateway } from './sandbox/sandbox-gateway.ts';

/** The sandbox processor's own parts, present when GATEWAY=sandbox. */
export type SandboxRuntime = {
  secret: string;
  events: SandboxEvents;
  /** The webhook sender is bound once the app exists (it posts to the app's own webhook route). */
  bindSender(send: WebhookSender): void;
};

/** Async so that the Stripe SDK (200-odd modules) is loaded only when GATEWAY=stripe (decision 034). */
export async function createPayments(opts: {
  config: Config;
  db: Db;
  /** Signs the sandbox's forms and webhooks. */
  sandboxSecret: string;
  now: () => Date;
  /** How often the sandbox retries undelivered webhooks and expires sessions; 0 in tests. */
  sandboxPollMs: number;
}): Promise<{ gateway: PaymentGateway; sandbox: SandboxRuntime | null }> {
  const { config } = opts;
  if (config.GATEWAY === 'stripe') {
    const { createStripeGateway } = await import('./stripe/stripe-gateway.ts');
    return {
      gateway: createStripeGateway({
        secretKey: config.STRIPE_SECRET_KEY ?? '',
        webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
        publicUrl: config.PUBLIC_URL,
      }),
      sandbox: null,
    };
  }
  let send: WebhookSender = async () => false;
  const events = createSandboxEvents({
    db: opts.db,
    secret: opts.sandboxSecret,
    send: (body, signature) => send(body, signature),
    now: opts.now,
    pollMs: opts.sandboxPollMs,
  });
  return {
    gateway: createSandboxGateway({
      secret: opts.sandboxSecret,
      publicUrl: config.PUBLIC_URL,
      db: opts.db,
      events,
      now: opts.now,
    }),
    sandbox: {
      secret: opts.sandboxSecret,
      events,
      bindSender(fn) {
        send = fn;
      },
    },
  };
}
