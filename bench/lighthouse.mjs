// The public pages' JavaScript budget and Lighthouse (issues 6 and 25, decisions 014 and 033). Builds the web
// app if needed (`-- --build` rebuilds), then:
// 1. for every prerendered public page (the landing and its variants, about, join our team, for teachers, the
//    legal pages, the 404), the total JavaScript a visitor's page can load, gzip -9: every script and module
//    preload of its HTML, what its loader starts, and everything those import, statically or on interaction,
//    transitively; the run fails above the budget (60 KB);
// 2. Lighthouse 5 times (BENCH_RUNS) with its mobile defaults in Debian's Chromium on `/` (BENCH_PATHS=/,/about-us,…
//    for more pages; the 404 page answers 404 on /404, which Lighthouse refuses: use /page-not-found), from a
//    fresh data directory on a free port: the medians of the score, LCP, TBT and CLS, and
//    the scripts the page really loaded; the run fails below the targets.
// Not part of `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PATHS = (process.env.BENCH_PATHS ?? process.env.BENCH_PATH ?? '/').split(',').filter(Boolean);
const repo = new URL('..', import.meta.url).pathname;
const webRoot = join(repo, 'apps/web/build/client');
// Issue 25: ≤ 60 KB of JavaScript per public page in total; score ≥ 98 and TBT ≤ 50 ms; LCP and CLS as issue 6.
const BUDGET_KB = 60;
const TARGETS = { score: 98, lcpMs: 1800, tbtMs: 50, cls: 0.02 };
// Prerendered pages that are not public pages: the status pages keep the app (apps/web/scripts/public-islands.mjs).
const NOT_PUBLIC = new Set(['maintenance', 'healthcheck', 'access-denied']);
// The same flags as the browser stories: no network beyond the page (docs/decisions/005-test-databases.md).
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, server) {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v3/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy within 60 s');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

if (process.argv.includes('--build') || !existsSync(join(webRoot, 'index.html'))) {
  console.log('Building the web app…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// ── 1. The JavaScript of every public page, from the build ────────────────────────────────────────────────
const gzKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
// `from"x.js"`, `import"x.js"` and `import("x.js")` with a literal path, in any quotes (Vite's and React Router's output).
const IMPORT = /\b(from|import)\s*(\()?\s*["'`]([^"'`]+\.m?js)["'`]/g;

function specifiers(code) {
  return [...code.matchAll(IMPORT)].map((m) => m[3]);
}

/** What a visitor's page starts: its scripts, preloads and inline modules, and what its loader boots for them. */
function pageEntries(html) {
  const urls = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]),
  ];
  for (const m of html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g))
    urls.push(...specifiers(m[1]));
  // The loader of apps/web/scripts/public-islands.mjs (or, before decision 033, of defer-hydration.mjs).
  for (const m of html.matchAll(/\.src='([^']+\.js)'/g)) urls.push(m[1]);
  const boot = /<script type="text\/plain" id="rr-boot">([\s\S]*?)<\/script>/.exec(html);
  // React Router's bootstrap runs for a visitor unless the loader keeps it for signed-in visitors only.
  if (boot && !html.includes('geekly_session')) urls.push(...specifiers(boot[1]));
  return urls.filter((u) => u.startsWith('/'));
}

/** Every file reachable from the entries through static and dynamic imports. */
function reachable(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.pop();
    if (seen.has(url)) continue;
    const file = join(webRoot, url);
    if (!existsSync(file)) continue;
    seen.add(url);
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      queue.push(spec.startsWith('/') ? spec : new URL(spec, `http://x${url}`).pathname);
    }
  }
  return [...seen];
}

const pages = readdirSync(webRoot, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name === 'index.html')
  .map((e) => relative(webRoot, e.parentPath))
  .filter((dir) => !NOT_PUBLIC.has(dir))
  .sort();
let overBudget = 0;
console.log(`JavaScript per public page, gzip -9, all it can load (budget ${BUDGET_KB} KB):`);
for (const dir of pages) {
  const files = reachable(pageEntries(readFileSync(join(webRoot, dir, 'index.html'), 'utf8')));
  const kb = files.reduce((sum, url) => sum + gzKb(join(webRoot, url)), 0);
  if (kb > BUDGET_KB) overBudget++;
  const name = `/${dir}`.padEnd(20);
  console.log(
    `  ${name} ${kb.toFixed(1).padStart(6)} KB in ${String(files.length).padStart(2)} files  ${kb > BUDGET_KB ? 'OVER' : 'ok'}`,
  );
}
console.log(
  `  budget: ${pages.length - overBudget} of ${pages.length} public pages within ${BUDGET_KB} KB  ${overBudget === 0 ? 'ok' : 'MISSED'}\n`,
);
if (overBudget > 0) process.exitCode = 1;
if (process.argv.includes('--js-only')) process.exit();

// ── 2. Lighthouse ─────────────────────────────────────────────────────────────────────────────────────────
async function lighthouseRun(url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  return result.lhr;
}

/** Lighthouse RUNS times on one page: the medians against the targets, and the scripts the page loaded. */
async function measure(path) {
  const runs = [];
  let failures = 0;
  for (let i = 1; i <= RUNS; i++) {
    const lhr = await lighthouseRun(`${base}${path}`, chrome.port);
    if (lhr.runtimeError) {
      // Lighthouse occasionally loses a trace (NO_NAVSTART) on a busy machine: such a run is repeated.
      if (++failures > 3) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      console.log(`${path} run ${i}: ${lhr.runtimeError.code}, repeating it`);
      i--;
      continue;
    }
    // BENCH_REPORT=<file.json> keeps the last run's full report, to look into a figure.
    if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, JSON.stringify(lhr));
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
      (r) => r.resourceType === 'Script' && r.url.startsWith(base),
    );
    const run = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcpMs: audit('first-contentful-paint'),
      scripts: scripts.map((r) => new URL(r.url).pathname),
    };
    runs.push(run);
    console.log(
      `${path} run ${i}: score ${run.score}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`,
    );
  }
  const loaded = [...new Set(runs.flatMap((r) => r.scripts))];
  const loadedKb = loaded.reduce(
    (sum, url) => sum + (existsSync(join(webRoot, url)) ? gzKb(join(webRoot, url)) : 0),
    0,
  );
  const result = {
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
  };
  const check = (ok) => {
    if (!ok) process.exitCode = 1;
    return ok ? 'ok' : 'MISSED';
  };
  console.log(
    `\nLighthouse ${path} (mobile defaults, median of ${RUNS} runs, ${process.env.CHROME_PATH ?? '/usr/bin/chromium'})`,
  );
  console.log(
    `  performance score  ${result.score}            target ≥ ${TARGETS.score}    ${check(result.score >= TARGETS.score)}`,
  );
  console.log(
    `  LCP                ${(result.lcpMs / 1000).toFixed(2)} s       target < 1.8 s   ${check(result.lcpMs < TARGETS.lcpMs)}`,
  );
  console.log(
    `  TBT                ${Math.round(result.tbtMs)} ms         target ≤ 50 ms   ${check(result.tbtMs <= TARGETS.tbtMs)}`,
  );
  console.log(
    `  CLS                ${result.cls.toFixed(3)}        target < 0.02    ${check(result.cls < TARGETS.cls)}`,
  );
  console.log(`  FCP                ${(result.fcpMs / 1000).toFixed(2)} s`);
  console.log(
    `  JS loaded          ${loadedKb.toFixed(1)} KB in ${loaded.length} files (gzip -9, without interaction)\n`,
  );
}

const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'geekly-bench-'));
const server = spawn(process.execPath, [join(repo, 'apps/api/src/server.ts')], {
  cwd: repo,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let chrome;
// Stopped early (Ctrl-C): the browser and the server go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    chrome?.kill();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
}
try {
  await waitForHealth(base, server);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  for (const path of PATHS) await measure(path);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
