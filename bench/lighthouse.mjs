// Lighthouse on the landing page (issue 6): builds the web app if needed, serves it from a fresh data
// directory on a free port, runs Lighthouse 5 times with its mobile defaults in Debian's Chromium and
// prints the medians of the performance score, LCP, TBT and CLS, and the page's JavaScript, gzipped.
// Not part of `npm test`: run it with `npm run bench:lighthouse` (add `-- --build` to rebuild first).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const RUNS = 5;
const PATH = process.env.BENCH_PATH ?? '/';
const repo = new URL('..', import.meta.url).pathname;
const webRoot = join(repo, 'apps/web/build/client');
const TARGETS = { score: 95, lcpMs: 1800, tbtMs: 100, cls: 0.02, jsKbGz: 80 };
// The same flags as the browser stories: no network beyond the page (DESIGN.md "Tests").
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
try {
  await waitForHealth(base, server);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const runs = [];
  let failures = 0;
  for (let i = 1; i <= RUNS; i++) {
    const result = await lighthouse(`${base}${PATH}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) {
      // Lighthouse occasionally loses a trace (NO_NAVSTART) on a busy machine: such a run is repeated.
      if (++failures > 3) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      console.log(`run ${i}: ${lhr.runtimeError.code}, repeating it`);
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
      scripts: scripts.map((r) => r.url),
      jsTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    };
    runs.push(run);
    console.log(
      `run ${i}: score ${run.score}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`,
    );
  }

  // The page's JavaScript as gzip would send it: every script the page loaded, from the build.
  const scriptUrls = [...new Set(runs.flatMap((r) => r.scripts))];
  const jsGzBytes = scriptUrls.reduce((sum, url) => {
    const file = join(webRoot, new URL(url).pathname);
    return sum + (existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
  }, 0);
  const result = {
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    jsKbGz: jsGzBytes / 1024,
    jsKbTransferred: median(runs.map((r) => r.jsTransferBytes)) / 1024,
  };
  const check = (ok) => (ok ? 'ok' : 'MISSED');
  console.log(
    `\nLighthouse ${PATH} (mobile defaults, median of ${RUNS} runs, ${process.env.CHROME_PATH ?? '/usr/bin/chromium'})`,
  );
  console.log(
    `  performance score  ${result.score}            target ≥ ${TARGETS.score}   ${check(result.score >= TARGETS.score)}`,
  );
  console.log(
    `  LCP                ${(result.lcpMs / 1000).toFixed(2)} s       target < 1.8 s  ${check(result.lcpMs < TARGETS.lcpMs)}`,
  );
  console.log(
    `  TBT                ${Math.round(result.tbtMs)} ms         target < 100 ms ${check(result.tbtMs < TARGETS.tbtMs)}`,
  );
  console.log(
    `  CLS                ${result.cls.toFixed(3)}        target < 0.02   ${check(result.cls < TARGETS.cls)}`,
  );
  console.log(`  FCP                ${(result.fcpMs / 1000).toFixed(2)} s`);
  console.log(
    `  JS (gzip -9)       ${result.jsKbGz.toFixed(1)} KB in ${scriptUrls.length} files   target < 80 KB  ${check(result.jsKbGz < TARGETS.jsKbGz)}`,
  );
  console.log(`  JS transferred     ${result.jsKbTransferred.toFixed(1)} KB (as served, brotli)`);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
