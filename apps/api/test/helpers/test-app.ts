import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadIpCountryLookup } from '../../src/adapters/geo/ip-country.ts';
import { createFileTransport } from '../../src/adapters/mail/mail-transport.ts';
import { createMailer } from '../../src/adapters/mail/mailer.ts';
import { createPayments } from '../../src/adapters/payments/create-gateway.ts';
import { createFileSms } from '../../src/adapters/sms/sms-sender.ts';
import { createStorage } from '../../src/adapters/storage/create-storage.ts';
import { buildApp } from '../../src/app.ts';
import type { AppContext } from '../../src/app-context.ts';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/db/database.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import type { Logger } from '../../src/lib/logger.ts';
import { wireModules } from '../../src/module-wiring.ts';
import { createSessionTokens } from '../../src/modules/auth/session-token.ts';
import { upsertStaffAccount } from '../../src/modules/ops/staff-accounts.ts';
import { startWorkers } from '../../src/workers.ts';

/** A fresh database on the PostgreSQL server at `serverUrl`, and how to drop it. */
export async function createServerDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `geekly_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The engine under test: in-memory PGlite by default; with TEST_DATABASE_URL, a fresh database on
 * that PostgreSQL server for each test file (dropped afterwards), so runs never see each other's data.
 */
/** The run's template databases (database-template.ts); none outside Vitest (bench/api.mjs builds apps too). */
const template = (key: 'pgliteTemplate' | 'serverTemplate') => (process.env.VITEST ? inject(key) : '');

/**
 * The PGlite template's dump, read once per worker (the workers serve many files, `isolate: false`): about 40 MB,
 * whose reading cost up to half a second of each test app (decision 034). A Blob is immutable: every app may load it.
 */
let templateDump: { file: string; blob: Blob } | undefined;
function templateBlob(file: string): Blob {
  if (templateDump?.file !== file) templateDump = { file, blob: new Blob([readFileSync(file)]) };
  return templateDump.blob;
}

async function openTestDatabase(): Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = template('pgliteTemplate');
    const database = await openPglite(undefined, { loadDataDir: dump ? templateBlob(dump) : undefined });
    return { database, dispose: () => database.close() };
  }
  const created = await createServerDatabase(serverUrl, template('serverTemplate') || undefined);
  const database = await openPostgres(created.url);
  return {
    database,
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  env: Record<string, string> = {},
  /** `logger`: a pino logger for the app and the mail worker (decision 032's log tests); none by default. */
  opts: { logger?: Logger } = {},
) {
  const { database, dispose } = await openTestDatabase();
  // Started from the run's template (database-template.ts): already migrated and seeded, so this is quick.
  await database.migrate();
  await seedReferenceData(database.db);
  const mailDir = mkdtempSync(join(tmpdir(), 'geekly-mail-'));
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', ...env });
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const sandboxSecret = randomBytes(32).toString('hex');
  const { gateway, sandbox } = await createPayments({
    config,
    db: database.db,
    sandboxSecret,
    now,
    sandboxPollMs: 0,
  });
  const ctx: AppContext = {
    config,
    database,
    tokens: createSessionTokens(randomBytes(32).toString('hex')),
    mailer: createMailer({
      db: database.db,
      transport: createFileTransport(mailDir),
      from: config.MAIL_FROM,
      pollMs: 0,
      log: opts.logger,
    }),
    sms: createFileSms(join(mailDir, 'sms')),
    ipCountry: await loadIpCountryLookup(),
    gateway,
    sandbox,
    storage: await createStorage({
      config,
      dataDir: mailDir,
      localSecret: randomBytes(32).toString('hex'),
      now,
    }),
    now,
    ports: wireModules(),
  };
  const app = await buildApp(ctx, { webRoot: join(mailDir, 'no-web-build'), loggerInstance: opts.logger });
  await app.ready();
  // The sweeps, as in the server; the clocks are run by hand in the tests that need them.
  const stopWorkers = startWorkers(ctx, { clocks: false, onError: (err) => console.error(err) });

  let ipCounter = 0;
  return {
    app,
    ctx,
    db: database.db,
    sandboxSecret,
    /** Moves the app's clock (sessions expire, signatures go stale). */
    clock,
    /** Each call gets its own client address unless one is given, so rate limits stay per test. */
    nextIp: () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`,
    sentMail(): string[] {
      return readdirSync(mailDir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => readFileSync(join(mailDir, f), 'utf8'));
    },
    /** Text messages written by the embedded SMS adapter, oldest first. */
    sentSms(): string[] {
      const dir = join(mailDir, 'sms');
      try {
        return readdirSync(dir)
          .sort()
          .map((f) => readFileSync(join(dir, f), 'utf8'));
      } catch {
        return [];
      }
    },
    async close() {
      await stopWorkers();
      await app.close();
      await ctx.storage.close();
      await ctx.mailer.stop();
      await dispose();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/**
 * The statements the app's engine runs while `run` runs (each goes through its client's query(), on PGlite and on
 * PostgreSQL), with their texts: reading N rows must not cost N queries.
 */
export async function countQueries<T>(
  t: TestApp,
  run: () => Promise<T>,
): Promise<{ n: number; texts: string[]; result: T }> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args as [string | { text?: string }];
    texts.push(typeof first === 'string' ? first : (first?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    const result = await run();
    return { n: texts.length, texts, result };
  } finally {
    client.query = original;
  }
}

type Call = {
  method?: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
};

/** A request as the web app sends it (JSON with the CSRF header). */
export async function call(t: TestApp, c: Call) {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...c.headers };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  if (c.cookie) headers.cookie = c.cookie;
  const res = await t.app.inject({
    method: c.method ?? (c.body === undefined ? 'GET' : 'POST'),
    url: `/api/v3${c.url}`,
    payload: c.body as Record<string, unknown> | undefined,
    headers,
    remoteAddress: c.ip ?? '127.0.0.1',
  });
  return {
    status: res.statusCode,
    body: res.body ? safeJson(res.body) : undefined,
    headers: res.headers,
    raw: res,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

let userCounter = 0;

/** Signs up a fresh client and returns its token and id. */
export async function signUpClient(t: TestApp, email?: string, password = 'correct horse') {
  const address = email ?? `student${++userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const res = await call(t, {
    url: '/users/client/new',
    body: { email: address, password },
    ip: t.nextIp(),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.jwt as string, id: res.body.user._id as string, email: address, password };
}

/** A staff account and its operator-API token. */
export async function staffToken(t: TestApp): Promise<string> {
  const email = `ops-${randomBytes(3).toString('hex')}@geekly.example`;
  await upsertStaffAccount(t.db, email, 'operator password 1');
  const res = await call(t, {
    url: '/ops/session',
    body: { email, password: 'operator password 1' },
    ip: t.nextIp(),
  });
  if (res.status !== 200) throw new Error(`staff log-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.jwt as string;
}

export type AuditEntryView = {
  _id: string;
  at: string;
  action: string;
  actor: string;
  subject_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown>;
};

/** The whole audit log (of one task with orderId), newest first: GET /ops/audit page after page. */
export async function auditLogOf(t: TestApp, ops: string, orderId?: string): Promise<AuditEntryView[]> {
  const rows: AuditEntryView[] = [];
  let before = '';
  do {
    const query = new URLSearchParams({
      ...(orderId ? { order_id: orderId } : {}),
      ...(before ? { before } : {}),
    });
    const res = await call(t, { url: `/ops/audit?${query}`, token: ops });
    if (res.status !== 200) throw new Error(`audit failed: ${res.status} ${JSON.stringify(res.body)}`);
    rows.push(...res.body.results);
    before = res.body.next ?? '';
  } while (before);
  return rows;
}

/** Credits a client's balance through the operator API. */
export async function creditBalance(t: TestApp, ops: string, userId: string, dollars: number) {
  const res = await call(t, {
    url: `/ops/users/${userId}/balance-credits`,
    token: ops,
    body: { amount: dollars, memo: 'test credit', idempotency_key: randomBytes(8).toString('hex') },
  });
  if (res.status !== 200) throw new Error(`credit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.available_balance as number;
}

/** Creates a task and prices it: pages, request type and a deadline `hours` ahead. */
export async function pricedOrder(
  t: TestApp,
  token: string,
  opts: { pages?: number; hours?: number; subject?: string } = {},
) {
  const created = await call(t, {
    url: '/orders',
    token,
    body: { title: 'Essay on Hamlet', subject: opts.subject ?? 'English' },
  });
  const deadline = new Date(t.ctx.now().getTime() + (opts.hours ?? 100) * 3_600_000).toISOString();
  const pages = opts.pages ?? 5;
  const res = await call(t, {
    method: 'PATCH',
    url: `/orders/${created.body._id}`,
    token,
    body: { size: `${pages} pages`, request_type: 'Essay writing', deadline, calc_quote: true },
  });
  if (res.status !== 200) throw new Error(`pricing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { _id: string; price: number; partial_price: number } & Record<string, unknown>;
}
