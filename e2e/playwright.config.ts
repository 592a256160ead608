import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { googleProvider } from './support/google.ts';
import { PHONE } from './support/layout.ts';
import { E2E_NEW_TASKS_PER_HOUR } from './support/limits.ts';
import { E2E_OPERATOR } from './support/student.ts';

// Debian's Chromium, never a downloaded browser (docs/decisions/005-test-databases.md); the flags keep it off the network.
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const PORT = Number(process.env.E2E_PORT ?? 3310);
// A fresh data directory per run: the stories start from an empty product (plus reference data). Kept in the
// environment so the test workers (which load this file again) see the same directory, e.g. to read mail.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'geekly-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const google = googleProvider(PORT);

export default defineConfig({
  testDir: './stories',
  outputDir: './test-results',
  fullyParallel: false,
  // Two story files at a time (CI has 2 cores): each story signs up its own student and finds its own tasks by
  // title, so files never see each other's data. E2E_WORKERS=1 runs them one by one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // The failures again at the end (support/failures-at-end.ts): CI keeps only the log's tail.
  reporter: [[process.env.CI ? 'line' : 'list'], ['./support/failures-at-end.ts']],
  // The ten slowest story files at the end of a run: where the suite's minutes go (issue 25).
  reportSlowTests: { max: 10, threshold: 30_000 },
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'mobile',
      use: { ...PHONE, launchOptions: chromium },
      // A story per behaviour: those whose screen size changes nothing run at desktop size only (ONE_SIZE).
      grepInvert: /@one-size/,
    },
  ],
  webServer: [
    {
      // Decision 040: the stories' Google, an OpenID Connect provider on loopback (Sign in with Google is on).
      command: 'node support/oidc-provider-server.ts',
      url: `${google.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_PORT: String(PORT) },
    },
    {
      // A staff account first (the documented command), so stories can use the operator API.
      command: `node ../apps/api/src/cli/create-staff.ts --email ${E2E_OPERATOR.email} --password '${E2E_OPERATOR.password}' && node ../apps/api/src/server.ts`,
      url: `http://localhost:${PORT}/api/v3/health`,
      reuseExistingServer: false,
      // A loaded CI machine (or several engineers on 2 cores) can take most of a minute to start it.
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        // Every story signs up from 127.0.0.1: the per-address limit (tested in the API suite) would stop the run.
        SIGNUP_LIMIT_PER_HOUR: '10000',
        // The same for SMS codes asked from one address, and sent to the stories' few phone numbers (decision 030).
        SMS_CODES_PER_ADDRESS_PER_HOUR: '10000',
        SMS_CODES_PER_PHONE_PER_DAY: '10000',
        // One story pages through 60 tasks of one student; the limit's own story reads the same number.
        NEW_TASKS_PER_HOUR: String(E2E_NEW_TASKS_PER_HOUR),
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://localhost:${PORT}`,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_ISSUER: google.issuer,
      },
    },
  ],
});
