import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer } from './helpers/server-process.ts';
import { createServerDatabase } from './helpers/test-app.ts';

// Decision 031: the real server (src/server.ts, as `npm start` runs it) in production mode. A complete
// production environment needs a PostgreSQL server: those two tests run only when TEST_DATABASE_URL is set.
const serverUrl = process.env.TEST_DATABASE_URL;

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const f of cleanups) await f();
});

/** The server with exactly this environment (and PATH): nothing inherited from the test run. */
function start(env: Record<string, string>) {
  const server = spawnServer({ PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env });
  children.push(server.child);
  return server;
}

describe('production mode', () => {
  it('NODE_ENV=production with nothing else set exits non-zero with the list of what to set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'geekly-prod-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = start({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    const out = server.output();
    expect(out).toMatch(/will not start in production mode \(NODE_ENV=production\)/);
    for (const fix of [
      'SEED_DEMO=false',
      'GATEWAY=stripe',
      'SMS=twilio',
      'MAIL=smtp',
      'DATABASE_URL=',
      'STORAGE=s3',
      'JWT_SECRET',
    ])
      expect(out).toContain(fix);
    expect(out).not.toMatch(/Geekly is running/);
  }, 60_000);

  it('demo data creates the demo staff (published passwords) in development only', async () => {
    const staffLogIn = async (env: Record<string, string>) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'geekly-demo-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const server = start({
        ...env,
        SEED_DEMO: 'true',
        AUTOPILOT_MINUTES: '0',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      await server.ready;
      const res = await fetch(`http://127.0.0.1:${port}/api/v3/ops/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ email: 'ops@geekly.example', password: 'geekly-ops-demo' }),
      });
      // Issue 31: the demo Geek's workspace log-in, under the same rule.
      const geek = await fetch(`http://127.0.0.1:${port}/api/v3/workspace/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ email: 'geek@geekly.example', password: 'geekly-geek-demo' }),
      });
      server.child.kill('SIGTERM');
      await server.exited;
      return {
        status: res.status,
        geek: geek.status,
        printed: /Back office .*ops@geekly\.example/.test(server.output()),
        geekPrinted: /geek@geekly\.example \/ geekly-geek-demo/.test(server.output()),
      };
    };
    expect(await staffLogIn({ NODE_ENV: 'development' })).toEqual({
      status: 200,
      geek: 200,
      printed: true,
      geekPrinted: true,
    });
    expect(await staffLogIn({ NODE_ENV: 'test' })).toEqual({
      status: 401,
      geek: 400,
      printed: false,
      geekPrinted: false,
    });
  }, 180_000);

  async function productionEnv(extra: Record<string, string>) {
    const created = await createServerDatabase(serverUrl as string);
    cleanups.push(created.drop);
    const dataDir = mkdtempSync(join(tmpdir(), 'geekly-prod-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    return {
      databaseUrl: created.url,
      base: `http://127.0.0.1:${port}`,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        TRUST_PROXY: '1',
        SHUTDOWN_DELAY_SECONDS: '0', // no proxy's health check to wait for (decision 063)
        PUBLIC_URL: 'https://geekly.example',
        DATA_DIR: dataDir,
        DATABASE_URL: created.url,
        JWT_SECRET: randomBytes(32).toString('base64url'),
        SEED_DEMO: 'false',
        GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_unused',
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
        SMS: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
        TWILIO_AUTH_TOKEN: 'unused',
        TWILIO_FROM: '+15005550006',
        MAIL: 'smtp',
        SMTP_URL: 'smtp://127.0.0.1:9',
        STORAGE: 'local',
        ...extra,
      },
    };
  }

  it.runIf(serverUrl)(
    'a complete production environment starts, creates no account, and has no sandbox to pay 4242 on',
    async () => {
      const { env, base, databaseUrl } = await productionEnv({});
      const server = start(env);
      await server.ready;
      expect(server.output()).not.toMatch(/Demo student|Back office .*\/ops: admin/);

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query('select count(*)::int as n from users');
      await client.end();
      expect(rows[0].n).toBe(0);

      const session = randomUUID();
      expect((await fetch(`${base}/sandbox-gateway/sessions/${session}`)).status).toBe(404);
      const pay = await fetch(`${base}/sandbox-gateway/sessions/${session}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'number=4242424242424242&expiry=12%2F34&cvc=123&name=Test',
      });
      expect(pay.status).toBe(404);
      expect(await pay.text()).not.toMatch(/payment session/);
      const webhook = await fetch(`${base}/api/v3/payments/webhooks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(webhook.status).toBeGreaterThanOrEqual(400);
      expect(await (await fetch(`${base}/api/v3/health`)).json()).toMatchObject({
        status: 'ok',
        staging: false,
      });
      expect((await fetch(`${base}/api/v3/ready`)).status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    90_000,
  );

  it.runIf(serverUrl)(
    'ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true runs the sandbox on a staging site, and says so',
    async () => {
      const { env, base } = await productionEnv({
        GATEWAY: 'sandbox',
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
      });
      const server = start(env);
      await server.ready;
      expect(server.output()).toMatch(/ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION/);
      expect(await (await fetch(`${base}/api/v3/health`)).json()).toMatchObject({
        status: 'ok',
        staging: true,
      });
      const page = await fetch(`${base}/sandbox-gateway/sessions/${randomUUID()}`);
      expect(await page.text()).toMatch(/This payment session does not exist/);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    90_000,
  );
});
