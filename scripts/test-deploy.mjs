// npm run test:deploy (decision 032, issue 24 item 4): the deployment recipe of deploy/, run on this machine.
// Caddy with deploy/geekly.caddy (on a loopback port, TLS from Caddy's internal CA) in front of two API processes in production
// mode (NODE_ENV=production, the sandbox gateway under ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION) on a fresh database of
// the PostgreSQL server at 127.0.0.1:5432, with s3rver for S3 and smtp-server for SMTP. A student signs up, pays by
// card, uploads, writes and follows live events through Caddy while staff write back; meanwhile the site is
// upgraded as RUNBOOK.md says (decision 063): the next release (this tree with one more migration, built beside
// it) migrates the database under that load, then each process is stopped with SIGTERM and started from the next
// release in turn, with not one request failing; then one process is killed with SIGKILL and restarted. Then it
// checks: no request lost beyond one retry, every live event received by every stream (replayed from
// Last-Event-ID), the ledger balanced, every file in storage with its bytes, the metrics, no secret in any log
// line, the client's own address counted behind a second Caddy standing in for a load balancer, event streams never
// compressed by the site's Caddy (checkStreamsNeverCompressed), a backup that copies the bucket to a second one, and
// a restore that brings the lost files back from it.
// Skips, saying so, when `caddy` or the PostgreSQL server is missing.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const siteFile = join(root, 'deploy/geekly.caddy');
const logFilterFile = join(root, 'deploy/log-filter.caddy');
const started = Date.now();
const stamp = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s`;
const say = (line) => console.log(`[deploy ${stamp()}] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const serverUrl =
  process.env.DEPLOY_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

function skip(why) {
  console.log(`test:deploy skipped: ${why}`);
  process.exit(0);
}

if (spawnSync('caddy', ['version'], { stdio: 'ignore' }).status !== 0)
  skip('`caddy` is not installed (Debian: apt-get install caddy; .ci/run installs it)');
// Production backups are encrypted with age (decision 060).
if (spawnSync('age', ['--version'], { stdio: 'ignore' }).status !== 0)
  skip('`age` is not installed (Debian: apt-get install age; .ci/run installs it)');
try {
  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  await probe.connect();
  await probe.end();
} catch (err) {
  skip(`no PostgreSQL server at ${serverUrl.replace(/:[^:@/]*@/, ':***@')} (${err.message})`);
}

const failures = [];
function check(ok, label, detail = '') {
  console.log(`  ${ok ? '✔' : '✘'} ${label}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures.push(label);
}

const work = mkdtempSync(join(tmpdir(), 'geekly-deploy-'));
const cleanups = [];
const children = new Set();
// However this script ends, the processes it started end with it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    console.log(`test:deploy: ${signal}, stopping (logs in ${work})`);
    for (const child of children) child.kill('SIGKILL');
    Promise.all(cleanups.map((c) => c().catch(() => {}))).finally(() => process.exit(130));
  });

async function freePort() {
  const srv = net.createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

// ——— The database, S3 and SMTP ———
const dbName = `geekly_deploy_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
cleanups.push(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const DATABASE_URL = dbUrl.toString();
const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
db.on('error', () => {}); // an idle connection closed by the final DROP DATABASE … WITH (FORCE)
admin.on('error', () => {});
cleanups.unshift(() => db.end());

const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: join(work, 's3'),
  configureBuckets: [
    { name: 'geekly-deploy', configs: [] },
    // The bucket copy (decision 063): what npm run backup copies the bucket to, and restore copies back from.
    { name: 'geekly-deploy-copy', configs: [] },
  ],
});
const { port: s3Port } = await s3.run();
cleanups.unshift(() => s3.close());

const inbox = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (d) => {
      raw += d;
    });
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      done();
    });
  },
});
await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
const smtpPort = smtp.server.address().port;
cleanups.unshift(() => new Promise((r) => smtp.close(r)));

// ——— The API processes ———
const caddyPort = await freePort();
const PUBLIC_URL = `https://127.0.0.1:${caddyPort}`;
const METRICS_TOKEN = randomBytes(24).toString('base64url');
const JWT_SECRET = randomBytes(48).toString('base64url');
const apiEnv = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PUBLIC_URL,
  DATABASE_URL,
  JWT_SECRET,
  STORAGE: 's3',
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_REGION: 'us-east-1',
  S3_BUCKET: 'geekly-deploy',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
  MAIL: 'smtp',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  SMS: 'twilio',
  TWILIO_ACCOUNT_SID: 'ACdeploytest',
  TWILIO_AUTH_TOKEN: 'deploy-test-token',
  TWILIO_FROM: '+15005550006',
  GATEWAY: 'sandbox',
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  SEED_DEMO: 'false',
  // The simulated student writes a message every few hundred milliseconds, far above a person's pace
  // (decision 030's per-task limit is tested in the API suite).
  MESSAGES_PER_MINUTE: '10000',
  STUDENT_MESSAGES_PER_MINUTE: '10000',
  // A balancer stands in front of Caddy at the end (ENVIRONMENT.md "Scale-out"): two proxies, and Caddy trusts
  // the balancer's address (GEEKLY_TRUSTED_PROXIES below). Clients that reach Caddy directly are as before.
  TRUST_PROXY: '2',
  METRICS_TOKEN,
  LOG_LEVEL: 'info',
};
const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? work, LANG: 'C.UTF-8' };
const apis = {
  A: { port: await freePort(), child: null, log: join(work, 'api-A.log') },
  B: { port: await freePort(), child: null, log: join(work, 'api-B.log') },
};

/** Starts an API process of a release: this tree (the running release), or the next one built beside it. */
function startApi(name, release = { dir: root, env: {} }) {
  const api = apis[name];
  const child = spawn(process.execPath, [join(release.dir, 'apps/api/src/server.ts')], {
    cwd: release.dir,
    env: {
      ...baseEnv,
      ...apiEnv,
      ...release.env,
      PORT: String(api.port),
      DATA_DIR: join(work, `data-${name}`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  logTo(child, api.log);
  children.add(child);
  child.exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
  child.exited.then(() => children.delete(child));
  api.child = child;
  return child;
}

/** Appends a child's stdout and stderr to a file, which closes when both have (not when the first does). */
function logTo(child, file) {
  const out = createWriteStream(file, { flags: 'a' });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  child.on('close', () => out.end());
}

async function waitReady(url, ms = 30_000, what = url) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(url)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${what} not ready in ${ms} ms`);
}
// Generous: on a busy two-core machine a process takes 15–30 s to load.
const apiReady = (name) =>
  waitReady(`http://127.0.0.1:${apis[name].port}/api/v3/ready`, 90_000, `api-${name}`);

/** Runs a command without blocking this process (it serves S3 and SMTP to the command). */
function run(cmd, args, env, cwd = root) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...baseEnv, ...env } });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} failed (${code}):\n${out}`)),
    );
  });
}

const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
const npm = (script, args = [], env = apiEnv, dir = root) =>
  run(process.execPath, [join(dir, scripts[script].split(' ')[1]), ...args], env, dir);

/**
 * The next release, built beside the running one as RUNBOOK.md "Upgrade with no downtime" has it: this tree's
 * API under another version, with one more migration — an expand step (decision 063) on the table the student
 * writes to all along, a column and a concurrent index, so the upgrade's migration meets the load.
 */
function buildNextRelease() {
  const dir = join(work, 'release-next');
  for (const part of ['apps/api/src', 'apps/api/drizzle', 'apps/api/package.json'])
    cpSync(join(root, part), join(dir, part), { recursive: true });
  for (const shared of ['node_modules', 'packages', 'apps/web'])
    symlinkSync(join(root, shared), join(dir, shared));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const version = `${pkg.version}+next`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, version }, null, 2));
  const journalFile = join(dir, 'apps/api/drizzle/meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const last = journal.entries.at(-1);
  const migration = { ...last, idx: last.idx + 1, when: last.when + 1000 };
  migration.tag = `${String(migration.idx).padStart(4, '0')}_upgrade_rehearsal`;
  journal.entries.push(migration);
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  writeFileSync(
    join(dir, `apps/api/drizzle/${migration.tag}.sql`),
    [
      '-- migrate: no-transaction',
      'ALTER TABLE "order_messages" ADD COLUMN IF NOT EXISTS "rehearsal_note" text;',
      '--> statement-breakpoint',
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS "order_messages_rehearsal_idx" ON "order_messages" ("order_id", "created_at");',
    ].join('\n'),
  );
  return { dir, version, migration, env: { BUILD_COMMIT: 'next' } };
}

async function main() {
  say(`database ${dbName}, S3 (s3rver) on :${s3Port}, SMTP (smtp-server) on :${smtpPort}`);
  // The schema first (RUNBOOK.md): `npm run migrate` where the release has it; `npm run staff:create` migrates
  // too, and adds the staff account the runbook's first deploy ends with. Then both processes start at once.
  const staffEmail = `ops-${randomBytes(3).toString('hex')}@geekly.example`;
  const staffPassword = randomBytes(18).toString('base64url');
  if (scripts.migrate) await npm('migrate');
  await npm('staff:create', ['--email', staffEmail, `--password=${staffPassword}`, '--role', 'admin']);
  say(`${scripts.migrate ? 'npm run migrate, then ' : ''}npm run staff:create ${staffEmail}: done`);
  startApi('A');
  startApi('B');
  await Promise.all([apiReady('A'), apiReady('B')]);
  say(
    `api-A on :${apis.A.port} (pid ${apis.A.child.pid}), api-B on :${apis.B.port} (pid ${apis.B.child.pid}): ready`,
  );

  const caddyDir = join(work, 'caddy');
  const caddyfile = join(work, 'Caddyfile');
  // The recipe's site file as it is; only the global options differ from deploy/Caddyfile: certificates from
  // Caddy's own local CA (trusted by this script alone), no redirect listener on :80, no admin endpoint.
  writeFileSync(
    caddyfile,
    `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\tauto_https disable_redirects\n\tlog default {\n\t\toutput stderr\n\t\timport ${logFilterFile}\n\t}\n}\n\nimport ${siteFile}\n`,
  );
  const caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      ...baseEnv,
      XDG_DATA_HOME: caddyDir,
      XDG_CONFIG_HOME: caddyDir,
      GEEKLY_SITE: PUBLIC_URL,
      GEEKLY_UPSTREAMS: `127.0.0.1:${apis.A.port} 127.0.0.1:${apis.B.port}`,
      GEEKLY_TRUSTED_PROXIES: '127.0.0.1/32',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  logTo(caddy, join(work, 'caddy.log'));
  children.add(caddy);
  const rootCert = join(caddyDir, 'caddy/pki/authorities/local/root.crt');
  for (let i = 0; i < 150 && !existsSync(rootCert); i++) await sleep(100);
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), readFileSync(rootCert, 'utf8')]);
  await waitReady(`${PUBLIC_URL}/api/v3/ready`, 15_000, 'Caddy');
  say(`Caddy on ${PUBLIC_URL} (deploy/geekly.caddy, TLS by its local CA): ready`);

  // ——— The student's and staff's HTTP, through Caddy, with one retry as the web app's fetch would ———
  // `failed`: every attempt that failed, with the phase it started in (the upgrade must have none).
  const requests = { total: 0, retried: [], lost: [], failed: [], phase: 'start' };
  async function api(
    method,
    path,
    { token, body, form, headers = {}, base = PUBLIC_URL, retry = true } = {},
  ) {
    const init = {
      method,
      redirect: 'manual',
      headers: { 'x-requested-with': 'XMLHttpRequest', origin: PUBLIC_URL, ...headers },
    };
    if (token) init.headers.authorization = `Bearer ${token}`;
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (form) {
      init.headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = new URLSearchParams(form).toString();
    }
    requests.total++;
    const phase = requests.phase;
    for (let attempt = 1; ; attempt++) {
      let res;
      let failure;
      try {
        res = await fetch(`${base}${path}`, init);
        if ([502, 503, 504].includes(res.status)) failure = `${res.status}`;
      } catch (err) {
        failure = err.cause?.code ?? err.message;
      }
      if (!failure) {
        const text = await res.text();
        let json;
        try {
          json = JSON.parse(text);
        } catch {}
        return { status: res.status, headers: res.headers, text, json };
      }
      requests.failed.push({ phase, what: `${method} ${path.split('?')[0]} (${failure})` });
      if (attempt === 1 && retry) {
        requests.retried.push(`${method} ${path.split('?')[0]} (${failure})`);
        await sleep(300);
        continue;
      }
      requests.lost.push(`${method} ${path.split('?')[0]} (${failure})`);
      throw new Error(`${method} ${path}: ${failure} after a retry`);
    }
  }
  const expectStatus = (res, status, what) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.json;
  };

  // ——— The staff account made before the start logs in ———
  const staff = expectStatus(
    await api('POST', '/api/v3/ops/session', { body: { email: staffEmail, password: staffPassword } }),
    200,
    'staff log-in',
  ).jwt;
  say(`staff ${staffEmail} logs in through Caddy`);

  // ——— The student ———
  const email = `student-${randomBytes(3).toString('hex')}@example.com`;
  const password = `pw-${randomBytes(12).toString('base64url')}`;
  const signedUp = expectStatus(
    await api('POST', '/api/v3/users/client/new', { body: { email, password } }),
    201,
    'sign-up',
  );
  const token = signedUp.jwt;
  const userId = signedUp.user._id;
  say(`student ${email} signed up`);

  // Two live streams, as two tabs' worth of EventSource (each reconnects alone, with Last-Event-ID).
  const streams = [openStream('tab 1', token), openStream('tab 2', token)];
  await Promise.all(streams.map((s) => s.opened));

  const created = expectStatus(
    await api('POST', '/api/v3/orders', { token, body: { title: 'Essay on Hamlet', subject: 'English' } }),
    201,
    'create task',
  );
  const orderId = created._id;
  const deadline = new Date(Date.now() + 100 * 3_600_000).toISOString();
  const priced = expectStatus(
    await api('PATCH', `/api/v3/orders/${orderId}`, {
      token,
      body: { size: '2 pages', request_type: 'Essay writing', deadline, calc_quote: true },
    }),
    200,
    'price task',
  );

  const uploaded = [];
  async function upload(n) {
    const bytes = Buffer.from(`%PDF-1.4\n${`file ${n} `.repeat(200 + n)}`);
    const name = `notes-${n}.pdf`;
    const signed = expectStatus(
      await api('POST', `/api/v3/orders/${orderId}/uploads`, {
        token,
        body: { name, size: bytes.length, type: 'application/pdf', context: 'order' },
      }),
      201,
      'presign',
    );
    const formData = new FormData();
    for (const [k, v] of Object.entries(signed.fields)) formData.append(k, v);
    formData.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
    const stored = await fetch(signed.url, { method: 'POST', body: formData });
    if (stored.status >= 300) throw new Error(`S3 POST: ${stored.status} ${await stored.text()}`);
    const attach = () =>
      api('POST', `/api/v3/orders/${orderId}/files`, {
        token,
        body: { files: [{ location: signed.location, name, size: bytes.length, type: 'application/pdf' }] },
      });
    // s3rver answers a POST before its file is written (its putObject resolves when the body has been read, not
    // when the write stream finishes), so on a busy machine the API's HEAD can find nothing for a moment: the
    // "not finished uploading" answer, which S3's read-after-write consistency never gives. Asked again shortly.
    let attached = await attach();
    for (
      let i = 0;
      i < 5 && attached.status === 422 && attached.text.includes('not finished uploading');
      i++
    ) {
      await sleep(200);
      attached = await attach();
    }
    expectStatus(attached, 201, 'attach');
    uploaded.push({ name, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  await upload(1);
  await upload(2);

  // Pay by card on the sandbox's page, through Caddy like every other address of the site.
  const pay = expectStatus(
    await api('POST', `/api/v3/orders/${orderId}/pay`, { token, body: {} }),
    200,
    'pay',
  );
  const checkout = new URL(pay.gateway.url);
  const opened = await api('POST', checkout.pathname, { form: pay.gateway.fields });
  if (opened.status !== 303) throw new Error(`card page: ${opened.status}`);
  const page = await api('GET', opened.headers.get('location'));
  const cardToken = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
  const paid = await api('POST', `${opened.headers.get('location')}/pay`, {
    form: {
      token: cardToken,
      card_number: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'Ada Student',
    },
  });
  if (paid.status !== 303) throw new Error(`card payment: ${paid.status} ${paid.text.slice(0, 200)}`);
  const afterPay = expectStatus(await api('GET', `/api/v3/orders/${orderId}`, { token }), 200, 'task');
  say(`task ${orderId} paid by card 4242: client_paid ${afterPay.client_paid} of ${priced.price}`);

  // ——— Activity while the processes are stopped and killed ———
  const sent = [];
  let stop = false;
  let n = 0;
  let activityError = null;
  const activity = (async () => {
    while (!stop) {
      n++;
      const text = `message ${n} ${randomBytes(3).toString('hex')}`;
      if (n % 3 === 0) {
        expectStatus(
          await api('POST', `/api/v3/ops/orders/${orderId}/messages`, {
            token: staff,
            body: { message: `Geek: ${text}`, sender_role: 'writer' },
          }),
          201,
          'staff message',
        );
        sent.push(`Geek: ${text}`);
      } else if (n % 7 === 0) {
        await upload(n);
      } else {
        expectStatus(
          await api('POST', `/api/v3/orders/${orderId}/messages`, { token, body: { message: text } }),
          201,
          'message',
        );
        sent.push(text);
      }
      expectStatus(await api('GET', `/api/v3/orders/${orderId}/messages`, { token }), 200, 'messages');
      await sleep(60);
    }
  })().catch((err) => {
    activityError = err;
  });

  await sleep(1500);
  // ——— The upgrade under load (RUNBOOK.md "Upgrade with no downtime", decision 063): the next release's
  // migration while both processes serve, then each process replaced in turn, SIGTERM and the new release ———
  const next = buildNextRelease();
  requests.phase = 'upgrade';
  const upgradeFrom = requests.total;
  const reconnectsBefore = streams.map((s) => s.reconnects.length);
  const migrateAt = Date.now();
  await npm('migrate', [], apiEnv, next.dir);
  say(
    `npm run migrate of ${next.version} (${next.migration.tag}) in ${Date.now() - migrateAt} ms, under load`,
  );
  const direct = (name, path) => fetch(`http://127.0.0.1:${apis[name].port}/api/v3${path}`);
  const stillReady = await Promise.all(['A', 'B'].map((k) => direct(k, '/ready').then((r) => r.status)));
  check(
    stillReady.every((st) => st === 200),
    'the running release stays ready on the migrated schema (an expand step)',
    stillReady.join(', '),
  );
  for (const name of ['A', 'B']) {
    const old = apis[name].child;
    const termAt = Date.now();
    old.kill('SIGTERM');
    const exit = await old.exited;
    say(
      `api-${name} (pid ${old.pid}) drained and exited (code ${exit.code}) ${Date.now() - termAt} ms after SIGTERM`,
    );
    check(exit.code === 0, `api-${name} drained and exited 0 after SIGTERM`);
    startApi(name, next);
    await apiReady(name);
    say(`api-${name} on ${next.version} (pid ${apis[name].child.pid}): ready`);
    // RUNBOOK's `sleep 2`: Caddy probes every second, so stopping the other process the moment this one answers
    // can leave both out of Caddy's pool for a tick ("no upstreams available", a 503; seen in a run).
    await sleep(2000);
  }
  const versions = await Promise.all(
    ['A', 'B'].map((k) => direct(k, '/health').then(async (r) => (await r.json()).version)),
  );
  const recorded = await db.query('select 1 from drizzle.__drizzle_migrations where created_at = $1', [
    next.migration.when,
  ]);
  check(
    versions.every((v) => v === next.version) && recorded.rowCount === 1,
    'both processes run the next release, its migration recorded',
    versions.join(', '),
  );
  // Streams the last process ended come back within 2.5 s (`retry:`); the upgrade ends when they have.
  await sleep(2500);
  requests.phase = 'crash';
  const upgradeFailed = requests.failed.filter((f) => f.phase === 'upgrade');
  check(
    upgradeFailed.length === 0,
    'zero failed requests during the upgrade (no retry needed either)',
    upgradeFailed.length
      ? upgradeFailed.map((f) => f.what).join(', ')
      : `${requests.total - upgradeFrom} requests`,
  );
  const resumed = streams.map((st, i) => st.reconnects.length - reconnectsBefore[i]);
  check(
    resumed.every((k) => k >= 1),
    'every live stream was ended by the upgrade and reconnected with Last-Event-ID',
    streams.map((st, i) => `${st.name}: ${resumed[i]}`).join(', '),
  );

  const b = apis.B.child;
  say(`SIGKILL → api-B (pid ${b.pid}) while the student works`);
  b.kill('SIGKILL');
  await b.exited;
  say('api-B killed; restarting it in 1 s');
  await sleep(1000);
  startApi('B', next);
  await apiReady('B');
  say(`api-B back (pid ${apis.B.child.pid}), ready`);
  await sleep(2000);
  stop = true;
  await activity;
  if (activityError) throw activityError;
  say(`activity stopped: ${requests.total} requests, ${sent.length} messages, ${uploaded.length} files`);

  // ——— The checks ———
  console.log('\nChecks:');
  check(requests.lost.length === 0, 'no request lost to the student or staff', `${requests.total} requests`);
  check(
    requests.retried.length <= 4,
    'a request failed at most once and its retry succeeded',
    requests.retried.length ? `retried: ${requests.retried.join(', ')}` : 'none needed a retry',
  );

  const expectedIds = async () =>
    (await db.query('select id from live_events where user_id = $1 order by id', [userId])).rows.map((r) =>
      Number(r.id),
    );
  let ids = await expectedIds();
  const until = Date.now() + 15_000;
  while (Date.now() < until && !streams.every((s) => ids.every((id) => s.ids.has(id)))) {
    await sleep(200);
    ids = await expectedIds();
  }
  for (const s of streams) {
    const missing = ids.filter((id) => !s.ids.has(id));
    check(
      missing.length === 0,
      `${s.name}: every live event received (${ids.length} events, ${s.reconnects.length} reconnects)`,
      missing.length
        ? `missing ids ${missing.join(', ')}; connections: ${JSON.stringify(s.history)}`
        : `resumed from Last-Event-ID ${s.reconnects.join(', ') || '—'}`,
    );
    check(s.duplicates === 0, `${s.name}: no event delivered twice`, `${s.duplicates} duplicates`);
  }
  check(
    streams.reduce((k, s) => k + s.reconnects.length, 0) >= 2,
    'streams ended by the SIGTERM and the SIGKILL reconnected with Last-Event-ID',
    streams.map((s) => `${s.name}: ${s.reconnects.length}`).join(', '),
  );
  check(
    streams.some((s) => s.endedWithRetry > 0),
    "a stream ended by SIGTERM got a last 'retry:' line before the connection closed",
    streams.map((s) => `${s.name}: ${s.endedWithRetry}`).join(', '),
  );

  const stored = (
    await db.query('select message from order_messages where order_id = $1', [orderId])
  ).rows.map((r) => r.message);
  const lostMessages = sent.filter((m) => !stored.includes(m));
  check(
    lostMessages.length === 0,
    'every message sent is stored',
    `${sent.length} sent, ${stored.length} stored`,
  );

  const unbalanced = await db.query(
    'select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0',
  );
  const total = await db.query('select coalesce(sum(amount_cents), 0)::bigint as s from ledger_entries');
  const orderPaid = await db.query(
    "select coalesce(sum(amount_cents), 0)::bigint as s from ledger_entries where account_type = 'order' and account_id = $1",
    [orderId],
  );
  const cardTx = await db.query(
    "select count(*)::int as n from ledger_transactions where idempotency_key like 'payment:%:card'",
  );
  check(
    unbalanced.rowCount === 0 && Number(total.rows[0].s) === 0,
    'ledger balanced: every transaction sums to zero',
  );
  check(
    Number(orderPaid.rows[0].s) === Math.round(priced.price * 100) && cardTx.rows[0].n === 1,
    'the task is paid exactly once, its price, by one card transaction',
    `${orderPaid.rows[0].s} cents`,
  );

  const files = expectStatus(
    await api('GET', `/api/v3/orders/${orderId}/files`, { token }),
    200,
    'files',
  ).files;
  /** Downloads every file of the task as the student does: how many are byte for byte what was uploaded. */
  async function intactDownloads() {
    let intact = 0;
    const downloads = [];
    for (const f of files) {
      const dl = await api('GET', `/api/v3/orders/${orderId}/files/${f._id}/download`, { token });
      const location = dl.headers.get('location');
      if (location) downloads.push(location);
      const body = location ? Buffer.from(await (await fetch(location)).arrayBuffer()) : Buffer.from(dl.text);
      const sum = createHash('sha256').update(body).digest('hex');
      if (uploaded.some((u) => u.name === f.name && u.sha256 === sum)) intact++;
    }
    return { intact, downloads };
  }
  const { intact, downloads } = await intactDownloads();
  check(
    files.length === uploaded.length && intact === uploaded.length,
    'no file missing: every upload is listed and downloads byte for byte from S3',
    `${intact} of ${uploaded.length}`,
  );
  check(inbox.length > 0, 'mail went out through SMTP', `${inbox.length} messages`);

  const metrics = await api('GET', '/api/v3/metrics', {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const noToken = await api('GET', '/api/v3/metrics');
  check(
    metrics.status === 200 &&
      /geekly_http_requests_total\{/.test(metrics.text) &&
      /geekly_db_pool_connections\{state="total"\} [1-9]/.test(metrics.text) &&
      noToken.status === 404,
    'GET /api/v3/metrics through Caddy: Prometheus text with the token, 404 without',
  );

  // Caddy's log keeps no token of any kind (decision 052): a renewed staff token (X-Staff-Token), a one-time
  // log-in link (in the address and in a Referer), a signed download address (the redirect's Location).
  const [, staffClaims] = staff.split('.');
  const { sub: staffId, tv: staffVersion } = JSON.parse(Buffer.from(staffClaims, 'base64url').toString());
  const aged = Math.floor(Date.now() / 1000) - 6 * 60;
  const agedStaff = signHs256(JWT_SECRET, {
    tv: staffVersion,
    at: aged,
    sub: staffId,
    iat: aged,
    exp: aged + 7200,
  });
  const renewedRes = await api('GET', '/api/v3/ops/me', { token: agedStaff });
  const renewedStaff = renewedRes.headers.get('x-staff-token') ?? '';
  const welcome = inbox.map((m) => m.raw.replace(/=\r?\n/g, '')).find((m) => m.includes('/login/')) ?? '';
  const loginToken = /\/login\/([A-Za-z0-9_-]{40,})/.exec(welcome)?.[1] ?? '';
  const loginUrl = `${PUBLIC_URL}/login/${loginToken}?to=%2Forders`;
  await api('GET', `/login/${loginToken}?to=%2Forders`);
  await api('GET', '/api/v3/auth/providers', { headers: { referer: loginUrl } });
  const signatures = downloads
    .map((l) => new URL(l).searchParams.get('X-Amz-Signature') ?? new URL(l).searchParams.get('signature'))
    .filter(Boolean);
  await sleep(500);
  const caddyLines = readFileSync(join(work, 'caddy.log'), 'utf8');
  const caddySecrets = {
    'staff token': staff,
    'aged staff token': agedStaff,
    'renewed staff token (X-Staff-Token)': renewedStaff,
    'student session': token,
    'log-in link token': loginToken,
    ...Object.fromEntries(signatures.map((sig, i) => [`signed download ${i + 1}`, sig])),
  };
  const inCaddyLog = Object.entries(caddySecrets).filter(([, v]) => v && caddyLines.includes(v));
  check(
    renewedRes.status === 200 &&
      renewedStaff.length > 40 &&
      loginToken.length >= 40 &&
      signatures.length === uploaded.length &&
      caddyLines.includes('/login/-') &&
      inCaddyLog.length === 0,
    "Caddy's log holds no staff token (renewed or not), log-in link token or signed download address",
    inCaddyLog.length
      ? `leaked: ${inCaddyLog.map(([k]) => k).join(', ')}`
      : `${signatures.length} signatures`,
  );

  // Every line the processes logged is JSON, and none holds a secret.
  const logs = ['A', 'B'].map((k) => readFileSync(apis[k].log, 'utf8')).join('\n');
  const jsonLines = logs.split('\n').filter((l) => l.startsWith('{'));
  const secrets = [
    password,
    token,
    staffPassword,
    staff,
    JWT_SECRET,
    METRICS_TOKEN,
    cardToken,
    '4242 4242 4242 4242',
  ];
  const leaked = secrets.filter((s) => s && logs.includes(s));
  check(
    jsonLines.length > 20 && leaked.length === 0,
    'the processes logged JSON lines, no password, token, secret or card number among them',
    `${jsonLines.length} lines${leaked.length ? `, leaked ${leaked.length}` : ''}`,
  );
  const withCaddyId = jsonLines.filter((l) => /"reqId":"[0-9a-f-]{36}"/.test(l)).length;
  check(withCaddyId > 0, "request ids come from Caddy's X-Request-Id", `${withCaddyId} lines`);

  // ——— Two hops (ENVIRONMENT.md "Scale-out", decision 063): a second Caddy as the load balancer in front of the
  // recipe's, the client on an address of its own (127.0.0.2). The API must count the client's address, not the
  // balancer's, and not the one the client claims in X-Forwarded-For. ———
  const lbPort = await freePort();
  const lbfile = join(work, 'Caddyfile.balancer');
  writeFileSync(
    lbfile,
    `{\n\tadmin off\n\tauto_https off\n}\n\nhttp://127.0.0.1:${lbPort} {\n\treverse_proxy ${PUBLIC_URL} {\n\t\ttransport http {\n\t\t\ttls_trusted_ca_certs ${rootCert}\n\t\t}\n\t}\n}\n`,
  );
  const balancer = spawn('caddy', ['run', '--config', lbfile, '--adapter', 'caddyfile'], {
    env: { ...baseEnv, XDG_DATA_HOME: join(work, 'lb'), XDG_CONFIG_HOME: join(work, 'lb') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  logTo(balancer, join(work, 'balancer.log'));
  children.add(balancer);
  await waitReady(`http://127.0.0.1:${lbPort}/api/v3/ready`, 15_000, 'the balancer');
  const countedAddresses = async () =>
    Object.fromEntries(
      (
        await db.query(
          "select substr(key, 24) as address, hits from rate_limits where key like 'quota:accounts-address:%'",
        )
      ).rows.map((r) => [r.address, Number(r.hits)]),
    );
  const countedBefore = await countedAddresses();
  const hopEmail = `two-hops-${randomBytes(3).toString('hex')}@example.com`;
  const hopStatus = await new Promise((resolve, reject) => {
    const body = JSON.stringify({ email: hopEmail, password: `pw-${randomBytes(12).toString('base64url')}` });
    const req = http.request(
      {
        host: '127.0.0.1',
        port: lbPort,
        localAddress: '127.0.0.2',
        method: 'POST',
        path: '/api/v3/users/client/new',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-requested-with': 'XMLHttpRequest',
          origin: PUBLIC_URL,
          'x-forwarded-for': '203.0.113.9',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  const counted = await countedAddresses();
  check(
    hopStatus === 201 &&
      counted['127.0.0.2'] === 1 &&
      counted['127.0.0.1'] === countedBefore['127.0.0.1'] &&
      !('203.0.113.9' in counted),
    "behind a balancer and Caddy, the sign-up counts the client's own address, not the balancer's or a claimed one",
    `${hopStatus}; sign-ups by address ${JSON.stringify(countedBefore)} → ${JSON.stringify(counted)}`,
  );
  balancer.kill('SIGTERM');

  await checkStreamsNeverCompressed();

  // npm run backup (encrypted to the operator's age key, decision 060), then npm run restore into a new database:
  // the same rows, every file.
  const backupRoot = join(work, 'backups');
  const identity = join(work, 'operator.agekey');
  spawnSync('age-keygen', ['-o', identity], { stdio: 'ignore' });
  const recipient = spawnSync('age-keygen', ['-y', identity]).stdout.toString().trim();
  const backupEnv = {
    ...apiEnv,
    BACKUP_AGE_RECIPIENT: recipient,
    BACKUP_S3_BUCKET: 'geekly-deploy-copy',
    BACKUP_S3_PREFIX: 'nightly/',
  };
  const backupOut = await npm('backup', ['--out', backupRoot], backupEnv);
  const bucketCopy = /bucket copy \S+: (\d+) copied, (\d+) deleted, (\d+) unchanged/.exec(backupOut);
  // Every object of the bucket: the sealed files and the signed keys emptied by sealing (decision 030).
  const s3Client = new S3Client({
    endpoint: apiEnv.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = async (bucket) =>
    ((await s3Client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key);
  const inBucket = await listed('geekly-deploy');
  check(
    Number(bucketCopy?.[1]) === inBucket.length &&
      (await listed('geekly-deploy-copy')).length === inBucket.length,
    'npm run backup copied the bucket to the second bucket (decision 063)',
    bucketCopy?.[0] ?? 'no bucket copy line',
  );
  // The bucket loses every file; the restore takes them from the copy (--files-from-copy).
  for (const key of inBucket)
    await s3Client.send(new DeleteObjectCommand({ Bucket: 'geekly-deploy', Key: key }));
  s3Client.destroy();
  const backupDir = join(
    backupRoot,
    readdirSync(backupRoot).find((n) => n.startsWith('geekly-')) ?? 'no-backup-written',
  );
  const restoredName = `${dbName}_restored`;
  await admin.query(`CREATE DATABASE ${restoredName}`);
  try {
    const restoredUrl = new URL(DATABASE_URL);
    restoredUrl.pathname = `/${restoredName}`;
    const restoreOut = await npm(
      'restore',
      ['--from', backupDir, '--identity', identity, '--files-from-copy'],
      {
        ...backupEnv,
        DATABASE_URL: restoredUrl.toString(),
      },
    );
    const afterLoss = await intactDownloads();
    check(
      afterLoss.intact === uploaded.length &&
        /objects copied back from s3:\/\/geekly-deploy-copy/.test(restoreOut),
      'npm run restore --files-from-copy put the lost files back: each downloads byte for byte',
      `${afterLoss.intact} of ${uploaded.length}`,
    );
    // The plain index: the manifest itself is encrypted.
    const manifest = JSON.parse(readFileSync(join(backupDir, 'index.json'), 'utf8'));
    const restored = new pg.Client({ connectionString: restoredUrl.toString() });
    await restored.connect();
    const counts = async (c) =>
      (
        await c.query(
          `select (select count(*) from ledger_entries)::int as l, (select count(*) from order_messages)::int as m,
                  (select count(*) from order_files)::int as f, (select count(*) from users)::int as u`,
        )
      ).rows[0];
    const [before, after] = [await counts(db), await counts(restored)];
    await restored.end();
    check(
      JSON.stringify(before) === JSON.stringify(after) && manifest.objects.length === uploaded.length,
      'npm run backup and npm run restore: a new database with the same rows, the manifest with every file',
      `${JSON.stringify(after)}, ${manifest.objects.length} objects`,
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
  }
  for (const s of streams) s.close();
}

/**
 * Caddy 2.6 decides whether to compress a response on its first read of the body: an event stream whose first
 * read holds more than 512 bytes (a reconnecting tab's replay, when Caddy reads late) was compressed, and its
 * compressor held the events back, so the tab saw nothing (seen in this recipe's run: a tab missed its last 104
 * events). Which read comes first is timing, so this check makes it certain: the recipe's site file, unchanged,
 * before an upstream that answers each event stream with a 2 KB first write, as a late read would see it. Every
 * stream must arrive uncompressed and at once; a JSON answer still compressed.
 */
async function checkStreamsNeverCompressed() {
  const streamPaths = ['/api/v3/events', '/api/v3/ops/events', '/api/v3/workspace/events'];
  const frame = (id) =>
    `id: ${id}\ndata: {"type":"order","order_id":"00000000-0000-4000-8000-000000000000"}\n\n`;
  const upstream = http.createServer((req, res) => {
    if (req.url === '/api/v3/ready') return res.end('{"status":"ready"}');
    if (!streamPaths.includes(req.url) && !/text\/event-stream/.test(req.headers.accept ?? '')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i, title: 'An essay' })) }),
      );
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
    });
    let id = 1;
    let first = 'retry: 3000\n\n';
    while (first.length < 2048) first += frame(id++);
    res.write(first);
    const timer = setInterval(() => res.write(frame(id++)), 100);
    req.on('close', () => clearInterval(timer));
  });
  const upstreamPort = await freePort();
  await new Promise((r) => upstream.listen(upstreamPort, '127.0.0.1', r));
  const sitePort = await freePort();
  const dir = join(work, 'caddy-streams');
  const file = join(work, 'Caddyfile.streams');
  writeFileSync(file, `{\n\tadmin off\n\tauto_https off\n}\n\nimport ${siteFile}\n`);
  const proxy = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: {
      ...baseEnv,
      XDG_DATA_HOME: dir,
      XDG_CONFIG_HOME: dir,
      GEEKLY_SITE: `http://127.0.0.1:${sitePort}`,
      GEEKLY_UPSTREAMS: `127.0.0.1:${upstreamPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  logTo(proxy, join(work, 'caddy-streams.log'));
  children.add(proxy);
  try {
    await waitReady(`http://127.0.0.1:${sitePort}/api/v3/ready`, 15_000, 'Caddy before the stream upstream');
    const get = (path, headers, until) =>
      new Promise((resolve, reject) => {
        const req = http.get(`http://127.0.0.1:${sitePort}${path}`, { headers }, (res) => {
          let text = '';
          const done = () => {
            clearTimeout(timer);
            req.destroy();
            resolve({ encoding: res.headers['content-encoding'] ?? 'none', text });
          };
          const timer = setTimeout(done, 3000);
          res.setEncoding('latin1');
          res.on('data', (d) => {
            text += d;
            if (until(text)) done();
          });
          res.on('end', done);
        });
        req.on('error', reject);
      });
    const wanted = 30; // the first write's frames and a few live ones after it
    const frames = (text) => (text.match(/^id: /gm) ?? []).length;
    const results = [];
    for (const path of streamPaths)
      results.push([path, await get(path, { 'accept-encoding': 'zstd, gzip' }, (t) => frames(t) >= wanted)]);
    // An EventSource on any other address says what it wants.
    results.push([
      '/api/v3/other (Accept: text/event-stream)',
      await get(
        '/api/v3/other',
        { accept: 'text/event-stream', 'accept-encoding': 'gzip' },
        (t) => frames(t) >= wanted,
      ),
    ]);
    const stalled = results.filter(([, r]) => r.encoding !== 'none' || frames(r.text) < wanted);
    const json = await get('/api/v3/orders', { 'accept-encoding': 'gzip' }, () => false);
    check(
      stalled.length === 0 && json.encoding === 'gzip',
      'event streams pass Caddy uncompressed and at once, even a replay in the first read; JSON is still compressed',
      `${results.map(([p, r]) => `${p}: ${frames(r.text)} events in 3 s, ${r.encoding}`).join('; ')}; JSON: ${json.encoding}`,
    );
  } finally {
    proxy.kill('SIGTERM');
    upstream.closeAllConnections();
    upstream.close();
  }
}

/** An HS256 JWT, as the API signs its sessions (apps/api/src/modules/auth/session-token.ts). */
function signHs256(secret, payload) {
  const part = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${part({ alg: 'HS256' })}.${part(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** A browser's EventSource, in short: gzip accepted, `retry:` honoured, Last-Event-ID sent on reconnect. */
function openStream(name, token) {
  // endedWithRetry: connections that got a second `retry:` line (the one a draining process sends last).
  const s = {
    name,
    ids: new Set(),
    reconnects: [],
    duplicates: 0,
    endedWithRetry: 0,
    closed: false,
    lastId: null,
    // Each connection, for a failure's detail: when it opened, from which id, its status, what it carried, how it ended.
    history: [],
  };
  let retryMs = 3000;
  let resolveOpened;
  s.opened = new Promise((r) => {
    resolveOpened = r;
  });
  const connect = () => {
    const headers = {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      'accept-encoding': 'gzip',
    };
    if (s.lastId !== null) headers['last-event-id'] = String(s.lastId);
    const req = https.get(`${PUBLIC_URL}/api/v3/events`, { headers });
    const conn = { opened: stamp().trim(), from: s.lastId, status: null, events: 0, last: null, ended: null };
    s.history.push(conn);
    let ended = false;
    let retryLines = 0;
    const again = (why) => {
      if (ended || s.closed) return;
      ended = true;
      conn.ended = `${stamp().trim()} (${why instanceof Error ? why.message : (why ?? 'end')})`;
      if (retryLines > 1) s.endedWithRetry++;
      setTimeout(() => {
        if (s.closed) return;
        s.reconnects.push(s.lastId);
        connect();
      }, retryMs);
    };
    req.on('error', again);
    req.on('response', (res) => {
      conn.status = `${res.statusCode} at ${stamp().trim()}`;
      if (res.statusCode !== 200) {
        res.resume();
        res.on('end', () => again(`status ${res.statusCode}`));
        return;
      }
      resolveOpened();
      const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
      let buffer = '';
      body.setEncoding('utf8');
      body.on('data', (chunk) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id = null;
          let event = 'message';
          for (const line of block.split('\n')) {
            if (line.startsWith('retry: ')) {
              retryMs = Number(line.slice(7));
              retryLines++;
            } else if (line.startsWith('id: ')) id = Number(line.slice(4));
            else if (line.startsWith('event: ')) event = line.slice(7);
          }
          if (id === null) continue;
          s.lastId = id;
          if (event === 'message') {
            conn.events++;
            conn.last = id;
            if (s.ids.has(id)) s.duplicates++;
            s.ids.add(id);
          }
        }
      });
      body.on('error', again);
      body.on('end', again);
      res.on('aborted', () => again('aborted'));
    });
    s.close = () => {
      s.closed = true;
      req.destroy();
    };
  };
  connect();
  return s;
}

let code = 0;
try {
  await main();
} catch (err) {
  console.error(`\ntest:deploy failed: ${err.stack ?? err}`);
  code = 1;
} finally {
  for (const child of children) child.kill('SIGKILL');
  for (const c of cleanups) await c().catch(() => {});
  if (failures.length > 0 || code !== 0) {
    console.log(`Logs kept in ${work} (api-A.log, api-B.log, caddy.log)`);
  } else {
    rmSync(work, { recursive: true, force: true });
  }
}
const total = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length > 0) console.log(`\ntest:deploy: ${failures.length} check(s) failed in ${total} s`);
else if (code === 0) console.log(`\ntest:deploy: every check passed in ${total} s`);
// Not process.exit(): it could cut what is still being written to a pipe. Whatever might hold the loop is gone.
process.exitCode = failures.length > 0 ? 1 : code;
setTimeout(() => process.exit(process.exitCode), 5000).unref();
