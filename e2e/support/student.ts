import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { operatorToken } from './operator.ts';

export const STUDENT_PASSWORD = 'my study password';
/** Created by the web server command in playwright.config.ts before the server starts. */
export const E2E_OPERATOR = { email: 'e2e-ops@geekly.example', password: 'e2e operator password' };

export const uniqueEmail = (testInfo: TestInfo) =>
  `student-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The WCAG 2.0/2.1/2.2 A and AA rules plus axe's best practices (issue 27); the 24×24 px target size is wcag22aa. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe on the page as it is now and fails the story on ANY violation, whatever its impact. Every story uses
 * it. A soft expectation: the story goes on, so one run lists the violations of every page it shows.
 */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  expect
    .soft(
      results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
      `axe on ${page.url()}`,
    )
    .toEqual([]);
}

/** The old name (stories still use it): since issue 27 it fails on every violation, not only serious ones. */
export const expectNoSeriousA11yViolations = expectNoA11yViolations;

/** Fills the auth popup's Sign up tab (already open) with `email` and the student password, and sends it. */
export async function submitSignUp(dialog: Locator, email: string) {
  await dialog.getByLabel(/email/i).fill(email);
  await dialog.getByLabel(/password/i).fill(STUDENT_PASSWORD);
  await dialog
    .getByRole('button', { name: /sign up/i })
    .last()
    .click();
}

/**
 * Signs a new student up, for stories where signing up is not what they check; the page ends on /orders,
 * signed in. Through the API with the browser's own cookies (`page.request` shares the context's), which
 * skips loading the landing page and its dialog (decision 034): the sign-up form is checked by the stories
 * that use `signUpStudentInUi` or fill the dialog themselves.
 */
export async function signUpStudent(page: Page, testInfo: TestInfo): Promise<string> {
  const email = uniqueEmail(testInfo);
  const signedUp = await page.request.post('/api/v3/users/client/new', {
    headers: JSON_CALL,
    // What the dialog sends (apps/web auth-calls.ts): the browser's time zone is this machine's.
    data: {
      email,
      password: STUDENT_PASSWORD,
      timezone_str: Intl.DateTimeFormat().resolvedOptions().timeZone,
      host: new URL(testInfo.project.use.baseURL ?? 'http://localhost').host,
    },
  });
  expect(signedUp.status()).toBe(201);
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/orders$/);
  return email;
}

/** Signs a new student up through the log-in popup of /signup; the page ends on /orders, signed in. */
export async function signUpStudentInUi(page: Page, testInfo: TestInfo): Promise<string> {
  const email = uniqueEmail(testInfo);
  await page.goto('/signup');
  await submitSignUp(page.getByRole('dialog'), email);
  await expect(page).toHaveURL(/\/orders$/);
  return email;
}

/** The header the API's CSRF guard asks of calls made outside the app. */
export const JSON_CALL = { 'x-requested-with': 'XMLHttpRequest' };

/** A task created and priced through the API as the signed-in student (the page's cookie). */
export async function createPricedTask(
  request: APIRequestContext,
  task: { title: string; subject: string; pages: number; hoursAhead: number; requestType?: string },
): Promise<string> {
  const created = await request.post('/api/v3/orders', {
    headers: JSON_CALL,
    data: { title: task.title, subject: task.subject },
  });
  expect(created.status()).toBe(201);
  const { _id } = (await created.json()) as { _id: string };
  const deadline = new Date(Math.ceil((Date.now() + task.hoursAhead * 3_600_000) / 3_600_000) * 3_600_000);
  const priced = await request.patch(`/api/v3/orders/${_id}`, {
    headers: JSON_CALL,
    data: {
      size: `${task.pages} ${task.pages === 1 ? 'page' : 'pages'}`,
      request_type: task.requestType ?? 'Essay writing',
      deadline: deadline.toISOString(),
      calc_quote: true,
    },
  });
  expect(priced.status()).toBe(200);
  return _id;
}

/** Gives the signed-in student money through the operator API (goodwill credit). */
export async function creditStudent(request: APIRequestContext, dollars: number) {
  const me = await (await request.get('/api/v3/users/client/me')).json();
  const jwt = await operatorToken(request);
  const credit = await request.post(`/api/v3/ops/users/${me._id}/balance-credits`, {
    headers: { authorization: `Bearer ${jwt}` },
    data: { amount: dollars, memo: 'e2e credit', idempotency_key: `e2e-${me._id}-${Date.now()}` },
  });
  expect(credit.status()).toBe(200);
}

/** Pays the student's task from the balance through the API (the price, when given, is the one the client saw). */
export async function payFromBalance(
  request: APIRequestContext,
  id: string,
  pay: { cents: number; expectedPrice?: number | null },
) {
  const paid = await request.post(`/api/v3/orders/${id}/pay`, {
    headers: JSON_CALL,
    data: {
      account_balance_use: pay.cents,
      ...(pay.expectedPrice !== undefined ? { expected_price: pay.expectedPrice } : {}),
    },
  });
  expect(paid.status()).toBe(200);
}

/** The mail the server wrote under DATA_DIR/mail (MAIL=files), newest last, with quoted-printable undone. */
export function sentMail(): string[] {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) =>
      readFileSync(join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
}
