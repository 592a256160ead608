import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lazyIpCountryLookup } from './adapters/geo/ip-country.ts';
import { createFileTransport, createSmtpTransport } from './adapters/mail/mail-transport.ts';
import { createMailer } from './adapters/mail/mailer.ts';
import { createPayments } from './adapters/payments/create-gateway.ts';
import { createFileSms, createTwilioSms } from './adapters/sms/sms-sender.ts';
import { createStorage } from './adapters/storage/create-storage.ts';
import { buildApp } from './app.ts';
import type { AppContext } from './app-context.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { openPglite, openPostgres } from './db/database.ts';
import {
  DEMO_GEEK,
  DEMO_STAFF,
  DEMO_STUDENT,
  DEMO_SUPPORT,
  type DemoFile,
  seedDemoData,
  seedDemoGeek,
  seedReferenceData,
} from './db/seed.ts';
import { createLogger, routeConsoleToLogger } from './lib/logger.ts';
import { wireModules } from './module-wiring.ts';
import { createSessionTokens } from './modules/auth/session-token.ts';
import { startWorkers } from './workers.ts';

function jwtSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const SHUTDOWN_GRACE_MS = 25_000;

/**
 * `webBuild`: the web app's build under way beside the database's start (scripts/start.mjs, on a fresh clone or
 * after web changes; decision 034). The app reads the built pages, so it is built once that is done.
 */
type StartOptions = { webBuild?: Promise<void> };

export async function main(options: StartOptions = {}) {
  options.webBuild?.catch(() => {}); // its failure is reported where it is awaited, below
  const started = performance.now();
  const config = loadConfig();
  // JSON lines on stdout, secrets left out (decision 032); the app and the workers share it.
  const log = createLogger(config.LOG_LEVEL);
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(join(dataDir, 'db'));
  // Decision 031: demo staff with the README's passwords in development only (production refuses SEED_DEMO).
  const demoStaff = config.SEED_DEMO && config.NODE_ENV === 'development' && !config.PRODUCTION;
  // Under the migration lock, so processes starting together neither migrate nor seed at the same time.
  let demoFiles: DemoFile[] = [];
  await database.migrate(async () => {
    await seedReferenceData(database.db);
    if (config.SEED_DEMO) demoFiles = await seedDemoData(database.db, new Date(), { staff: demoStaff });
    if (demoStaff) await seedDemoGeek(database.db);
  });

  const transport =
    config.MAIL === 'smtp' && config.SMTP_URL
      ? createSmtpTransport(config.SMTP_URL)
      : createFileTransport(join(dataDir, 'mail'));
  const secret = jwtSecret(dataDir, config.JWT_SECRET);
  const now = () => new Date();
  const { gateway, sandbox } = await createPayments({
    config,
    db: database.db,
    // The sandbox gateway signs with a key of its own, derived so that several processes agree on it.
    sandboxSecret: createHmac('sha256', secret).update('sandbox-gateway').digest('hex'),
    now,
    sandboxPollMs: 2000,
  });
  const ctx: AppContext = {
    config,
    database,
    tokens: createSessionTokens(secret),
    mailer: createMailer({ db: database.db, transport, from: config.MAIL_FROM, log }),
    sms:
      config.SMS === 'twilio'
        ? createTwilioSms({
            accountSid: config.TWILIO_ACCOUNT_SID ?? '',
            authToken: config.TWILIO_AUTH_TOKEN ?? '',
            from: config.TWILIO_FROM ?? '',
          })
        : createFileSms(join(dataDir, 'sms')),
    // The country ranges load on the first address that can locate a client, not at start (decision 034).
    ipCountry: lazyIpCountryLookup(),
    gateway,
    sandbox,
    // The local storage signs with a key of its own, derived like the sandbox's.
    storage: await createStorage({
      config,
      dataDir,
      localSecret: createHmac('sha256', secret).update('local-storage').digest('hex'),
      now,
    }),
    now,
    ports: wireModules(),
  };
  // The demo's delivered final draft (written with the demo data, the first time only).
  for (const file of demoFiles) await ctx.storage.put(file.key, file.bytes, file.contentType);
  await options.webBuild;
  const app = await buildApp(ctx, { loggerInstance: log });

  let stopWorkers: () => Promise<void> = async () => {};
  let closing = false;
  // Decision 031: SIGTERM drains. First (decision 063) /ready answers 503 for SHUTDOWN_DELAY_SECONDS while every
  // request is still served, each answer closing its connection, so the proxy's health check stops choosing
  // this process and no request it sends meets a closed port or a closing connection. Then the listener closes,
  // requests in flight finish, event streams end with a last `retry:` so browsers reconnect elsewhere and replay
  // from Last-Event-ID, the database is released and the process exits 0. Requests still running
  // SHUTDOWN_GRACE_MS after the delay are cut and the process exits 1. SIGINT (Ctrl-C) skips the delay.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.startDraining();
    const delayMs = signal === 'SIGTERM' ? config.SHUTDOWN_DELAY_SECONDS * 1000 : 0;
    app.log.info(
      `${signal}: shutting down${delayMs ? ` in ${delayMs} ms (/ready answers 503 until then)` : ''}`,
    );
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    setTimeout(() => {
      console.error(`Requests still running ${SHUTDOWN_GRACE_MS / 1000} s after ${signal}: stopping anyway`);
      app.server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await stopWorkers();
    await app.close();
    await ctx.storage.close();
    await ctx.mailer.stop();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // From here on, what modules report with console.error/warn (the workers, the LISTEN connection) is a JSON line
  // like the rest (decision 032); start-up failures above stay plain text for the person starting the server.
  routeConsoleToLogger(log);
  // Every background job, the clocks included (decision 067).
  stopWorkers = startWorkers(ctx, { clocks: true, onError: (err) => app.log.error(err) });
  const ms = Math.round(performance.now() - started);
  const db = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${join(dataDir, 'db')}`;
  console.log(
    [
      '',
      `  Geekly is running at ${config.PUBLIC_URL}  (ready in ${ms} ms)`,
      `  Database: ${db}`,
      `  Mail: ${config.MAIL === 'smtp' ? 'SMTP' : `files in ${join(dataDir, 'mail')}`}`,
      `  Files: ${config.STORAGE === 's3' ? `S3 bucket ${config.S3_BUCKET}` : `local, in ${join(dataDir, 'storage')}`}`,
      config.PRODUCTION && config.GATEWAY === 'sandbox'
        ? '  Payments: the SANDBOX gateway (ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true): no payment here is real'
        : '',
      config.SEED_DEMO ? `  Demo student: ${DEMO_STUDENT.email} / ${DEMO_STUDENT.password}` : '',
      config.AUTOPILOT_MINUTES > 0
        ? `  Demo autopilot: a paid task is delivered ${config.AUTOPILOT_MINUTES} minutes after payment (AUTOPILOT_MINUTES=0 turns it off)`
        : '',
      demoStaff
        ? `  Back office ${config.PUBLIC_URL}/ops: admin ${DEMO_STAFF.email} / ${DEMO_STAFF.password}, support ${DEMO_SUPPORT.email} / ${DEMO_SUPPORT.password}`
        : '',
      demoStaff
        ? `  Geek workspace ${config.PUBLIC_URL}/workspace/login: ${DEMO_GEEK.email} / ${DEMO_GEEK.password}`
        : '',
      '',
    ].join('\n'),
  );
}

/** Starts the server as the process's work: an error on the way ends the process with its message. */
export function runServer(options?: StartOptions) {
  main(options).catch((err) => {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
    } else {
      console.error(err);
    }
    process.exit(1);
  });
}

// `node apps/api/src/server.ts` starts it; `npm start` imports it from scripts/start.mjs (decision 034).
if (import.meta.main) runServer();
